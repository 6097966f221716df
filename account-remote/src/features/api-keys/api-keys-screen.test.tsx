import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import type { ApiKey } from '@dcipher/shared/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import AccountApp from '../../apps/account';
import { testAccount } from '../../test-support/account-test-api';
import { expectNoAxeViolations } from '../../test-support/axe';
import { ApiAnswer, answerWith, callsOf } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';

const initialState = authStore.getState();
const neverSettles = () => new Promise(() => {});

const reportingKey: ApiKey = {
  id: '5b1c1f8e-7e55-4d0e-9a38-1a0f2f8c9b10',
  kind: 'general',
  name: 'Reporting export',
  prefix: 'dcp_live_AbCd',
  createdAt: '2025-03-01T09:00:00.000Z',
  createdBy: { name: 'Ada Admin', email: 'ada@example.com' },
  lastUsedAt: null,
  rotatedAt: null,
};
const secret = `dcp_live_${'Q'.repeat(43)}`;

async function openApiKeys(handlers: Record<string, unknown> = {}) {
  authStore.setState({ status: 'authenticated' });
  answerWith({
    getAccount: testAccount,
    listApiKeys: { keys: [] },
    listResearchBotApiKeys: { keys: [] },
    ...handlers,
  });
  window.history.pushState(null, '', '/account/api-keys');
  await renderScreen(
    <main>
      <AccountApp navigate={jest.fn()} />
    </main>,
  );
  return screen.findByRole('region', { name: 'Integration keys' });
}

describe('API keys screen', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  it('lists the calls an integration key may make, from the contract, where a 403 to a key sends the customer', async () => {
    const section = await openApiKeys();
    const details = within(section).getByText(/^The \d+ calls a key may make$/);
    fireEvent.click(details);
    const calls = within(section).getByRole('list', { name: 'Calls a key may make' });
    const lines = within(calls)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toContain("GET /account The signed-in user's account information");
    // Managing keys needs a person: a key cannot create or revoke keys.
    expect(lines.some((line) => line?.startsWith('POST /api-key '))).toBe(false);
    expect(details.textContent).toBe(`The ${lines.length} calls a key may make`);
    await expectNoAxeViolations(section);
  });

  it('says it is loading the keys', async () => {
    const section = await openApiKeys({ listApiKeys: neverSettles });
    expect(within(section).getByRole('status').textContent).toBe('Loading your integration keys…');
  });

  it('says when there are no keys yet, and passes axe', async () => {
    const section = await openApiKeys();
    expect(await within(section).findByText(/No API keys yet\./)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('API keys');
    await expectNoAxeViolations();
  });

  it('shows a failed load with "Try again"', async () => {
    let attempt = 0;
    const section = await openApiKeys({
      listApiKeys: () => {
        attempt += 1;
        if (attempt === 1) throw new ApiError('Server error', 500, 'INTERNAL');
        return { keys: [reportingKey] };
      },
    });
    expect((await within(section).findByRole('alert')).textContent).toBe('Server error');
    fireEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('Reporting export')).toBeTruthy();
  });

  it('creates a key and shows its secret once, until dismissed', async () => {
    let keys: ApiKey[] = [];
    const section = await openApiKeys({
      listApiKeys: () => ({ keys }),
      createApiKey: ({ body }: { body: { name: string } }) => {
        keys = [{ ...reportingKey, name: body.name }];
        return { key: keys[0], secret };
      },
    });
    await within(section).findByText(/No API keys yet/);
    fireEvent.click(within(section).getByRole('button', { name: 'Create API key' }));
    expect(await within(section).findByText('This field is required')).toBeTruthy();
    fireEvent.change(within(section).getByLabelText('Name of the new API key'), {
      target: { value: 'Reporting export' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Create API key' }));
    const shown = await within(section).findByTestId('issued-api-key-secret');
    expect((shown as HTMLInputElement).value).toBe(secret);
    expect(within(section).getByText(/Copy it now: it will not be shown again\./)).toBeTruthy();
    expect(callsOf('createApiKey')[0]).toEqual({ body: { name: 'Reporting export' } });
    expect(await within(section).findByRole('list', { name: 'Integration keys' })).toBeTruthy();
    expect(within(section).getByText('Never used')).toBeTruthy();
    await expectNoAxeViolations();

    fireEvent.click(within(section).getByRole('button', { name: 'I have saved it' }));
    expect(within(section).queryByTestId('issued-api-key-secret')).toBeNull();
    expect(section.textContent).not.toContain(secret);
  });

  it('keeps the typed name and says why when creating fails', async () => {
    const section = await openApiKeys({
      createApiKey: () => {
        // As the API answers it: the rule's reason, worded by the catalogue.
        throw new ApiAnswer(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Too many API keys',
          code: 'VALIDATION_FAILED',
          params: { reason: 'tooManyApiKeys' },
        });
      },
    });
    await within(section).findByText(/No API keys yet/);
    const name = within(section).getByLabelText('Name of the new API key') as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'One too many' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Create API key' }));
    expect((await within(section).findByRole('alert')).textContent).toContain(
      'Revoke one you no longer use first.',
    );
    expect(name.value).toBe('One too many');
  });

  it('revokes only after a confirmation that says what happens', async () => {
    let keys = [{ ...reportingKey, lastUsedAt: '2025-03-02T10:00:00.000Z' }];
    const revokeApiKey = jest.fn(() => {
      keys = [];
      return { revoked: true };
    });
    const section = await openApiKeys({ listApiKeys: () => ({ keys }), revokeApiKey });
    expect(await within(section).findByText(/^Last used /)).toBeTruthy();
    // (A click focuses the button in a browser; jsdom needs telling.)
    within(section).getByRole('button', { name: 'Revoke Reporting export' }).focus();
    fireEvent.click(within(section).getByRole('button', { name: 'Revoke Reporting export' }));
    const confirmation = within(section).getByRole('alertdialog', { name: 'Revoke “Reporting export”?' });
    expect(confirmation.textContent).toContain('stops working at once and cannot be restored');
    // A modal question: focus moves to its safe answer, and goes back to Revoke once it closes.
    expect(document.activeElement).toBe(within(confirmation).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    expect(revokeApiKey).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(
      within(section).getByRole('button', { name: 'Revoke Reporting export' }),
    );

    fireEvent.click(within(section).getByRole('button', { name: 'Revoke Reporting export' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Revoke the key' }));
    expect((await within(section).findByRole('status')).textContent).toBe(
      '“Reporting export” has been revoked. It no longer works.',
    );
    expect(revokeApiKey).toHaveBeenCalledWith({ query: { id: reportingKey.id } });
    await waitFor(() => expect(within(section).queryByRole('list', { name: 'Integration keys' })).toBeNull());
  });

  it('rotates after confirming and shows the new secret once; renames inline', async () => {
    let keys = [reportingKey];
    const section = await openApiKeys({
      listApiKeys: () => ({ keys }),
      updateApiKey: ({ body }: { body: { name?: string; rotate?: boolean } }) => {
        keys = [{ ...keys[0]!, ...(body.name && { name: body.name }) }];
        return body.rotate ? { key: keys[0], secret } : { key: keys[0] };
      },
    });
    await within(section).findByText('Reporting export');
    fireEvent.click(within(section).getByRole('button', { name: 'Rotate Reporting export' }));
    expect(
      within(section).getByRole('alertdialog', { name: 'Rotate “Reporting export”?' }).textContent,
    ).toContain('The current secret stops working at once');
    fireEvent.click(within(section).getByRole('button', { name: 'Rotate the key' }));
    expect(((await within(section).findByTestId('issued-api-key-secret')) as HTMLInputElement).value).toBe(
      secret,
    );
    expect(within(section).getByText(/has a new secret\./)).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Rename Reporting export' }));
    const newName = within(section).getByLabelText('New name');
    fireEvent.change(newName, { target: { value: 'Nightly export' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save name' }));
    expect(await within(section).findByText('The key is now called “Nightly export”.')).toBeTruthy();
    expect(await within(section).findByText('Nightly export')).toBeTruthy();
  });

  it('lists research bot keys in their own section', async () => {
    await openApiKeys({
      listResearchBotApiKeys: {
        keys: [{ ...reportingKey, kind: 'research-bot', name: 'Slack bot', prefix: 'dcp_bot_XyZw' }],
      },
    });
    const bots = screen.getByRole('region', { name: 'Research bot keys' });
    expect(await within(bots).findByText('Slack bot')).toBeTruthy();
    expect(within(bots).getByText('dcp_bot_XyZw…')).toBeTruthy();
  });

  it('tells a teammate only admins manage keys, without calling the key endpoints', async () => {
    authStore.setState({ status: 'authenticated' });
    answerWith({ getAccount: { ...testAccount, role: 'teammate' } });
    window.history.pushState(null, '', '/account/api-keys');
    await renderScreen(
      <main>
        <AccountApp navigate={jest.fn()} />
      </main>,
    );
    expect(
      await screen.findByText('Only organization admins can manage the organization’s API keys.'),
    ).toBeTruthy();
    expect(callsOf('listApiKeys')).toHaveLength(0);
  });
});
