import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import type { WebhookDelivery, WebhookEndpoint } from '@dcipher/shared/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import AccountApp from '../../apps/account';
import { testAccount } from '../../test-support/account-test-api';
import { expectNoAxeViolations } from '../../test-support/axe';
import { answerWith, callsOf } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';

const initialState = authStore.getState();
const neverSettles = () => new Promise(() => {});

const hook: WebhookEndpoint = {
  id: '6c2d1f8e-7e55-4d0e-9a38-1a0f2f8c9b11',
  url: 'https://hooks.example.com/dcipher',
  description: 'Reporting pipeline',
  eventTypes: ['flow.run.finished', 'flow.run.failed'],
  enabled: true,
  createdAt: '2025-03-01T09:00:00.000Z',
  secretRotatedAt: null,
};
const secret = `whsec_${'Q'.repeat(43)}=`;
const failedDelivery: WebhookDelivery = {
  id: '7d3e1f8e-7e55-4d0e-9a38-1a0f2f8c9b12',
  eventId: 'msg_run_1',
  eventType: 'flow.run.finished',
  status: 'pending',
  attempts: 2,
  createdAt: '2025-03-02T09:00:00.000Z',
  lastAttemptAt: '2025-03-02T09:00:30.000Z',
  nextAttemptAt: '2025-03-02T09:01:30.000Z',
  responseStatus: 500,
  responseBody: 'receiver down',
  lastError: null,
};

async function openWebhooks(handlers: Record<string, unknown> = {}) {
  authStore.setState({ status: 'authenticated' });
  answerWith({ getAccount: testAccount, listWebhookEndpoints: { endpoints: [] }, ...handlers });
  window.history.pushState(null, '', '/account/webhooks');
  await renderScreen(
    <main>
      <AccountApp navigate={jest.fn()} />
    </main>,
  );
  return screen.findByRole('region', { name: 'Webhook endpoints' });
}

describe('Webhooks screen', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  it('says it is loading the endpoints', async () => {
    const section = await openWebhooks({ listWebhookEndpoints: neverSettles });
    expect(within(section).getByRole('status').textContent).toBe('Loading your webhook endpoints…');
  });

  it('says when there are no endpoints yet, and passes axe', async () => {
    const section = await openWebhooks();
    expect(await within(section).findByText(/No webhook endpoints yet\./)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Webhooks');
    await expectNoAxeViolations();
  });

  it('shows a failed load with "Try again"', async () => {
    let attempt = 0;
    const section = await openWebhooks({
      listWebhookEndpoints: () => {
        attempt += 1;
        if (attempt === 1) throw new ApiError('Server error', 500, 'INTERNAL');
        return { endpoints: [hook] };
      },
    });
    expect((await within(section).findByRole('alert')).textContent).toBe('Server error');
    fireEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText(hook.url)).toBeTruthy();
  });

  it('adds an endpoint and shows its signing secret once, until dismissed', async () => {
    let endpoints: WebhookEndpoint[] = [];
    const section = await openWebhooks({
      listWebhookEndpoints: () => ({ endpoints }),
      createWebhookEndpoint: ({
        body,
      }: {
        body: { url: string; eventTypes: WebhookEndpoint['eventTypes'] };
      }) => {
        endpoints = [{ ...hook, url: body.url, eventTypes: body.eventTypes, description: '' }];
        return { endpoint: endpoints[0], secret };
      },
    });
    await within(section).findByText(/No webhook endpoints yet/);
    fireEvent.change(within(section).getByLabelText('Endpoint address'), {
      target: { value: 'https://hooks.example.com/dcipher' },
    });
    // Both events are chosen by default; this endpoint only wants failures.
    fireEvent.click(within(section).getByRole('checkbox', { name: /A workflow run finished/ }));
    fireEvent.click(within(section).getByRole('button', { name: 'Add endpoint' }));
    const shown = await within(section).findByTestId('issued-webhook-secret');
    expect((shown as HTMLInputElement).value).toBe(secret);
    expect(within(section).getByText(/it will not be shown again\./)).toBeTruthy();
    expect(callsOf('createWebhookEndpoint')[0]).toEqual({
      body: { url: 'https://hooks.example.com/dcipher', description: '', eventTypes: ['flow.run.failed'] },
    });
    expect(await within(section).findByRole('list', { name: 'Webhook endpoints' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Copy' })).toBeTruthy();
    await expectNoAxeViolations();

    fireEvent.click(within(section).getByRole('button', { name: 'I have saved it' }));
    expect(within(section).queryByTestId('issued-webhook-secret')).toBeNull();
    expect(section.textContent).not.toContain(secret);
  });

  it('says why when no event is chosen, without calling the API', async () => {
    const section = await openWebhooks();
    await within(section).findByText(/No webhook endpoints yet/);
    fireEvent.change(within(section).getByLabelText('Endpoint address'), {
      target: { value: 'https://hooks.example.com/dcipher' },
    });
    for (const box of within(section).getAllByRole('checkbox')) fireEvent.click(box);
    fireEvent.click(within(section).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(section).findByText('Choose at least one event to send.')).toBeTruthy();
    expect(callsOf('createWebhookEndpoint')).toHaveLength(0);
  });

  it('sends a test event and shows the delivery log with the responses', async () => {
    const sendWebhookTestEvent = jest.fn(() => ({ ...failedDelivery, eventType: 'webhook.test' }));
    const section = await openWebhooks({
      listWebhookEndpoints: { endpoints: [hook] },
      sendWebhookTestEvent,
      listWebhookDeliveries: { deliveries: [failedDelivery], total: 1, page: 1, pageSize: 10 },
    });
    await within(section).findByText(hook.url);
    fireEvent.click(within(section).getByRole('button', { name: `Send test event to ${hook.url}` }));
    expect(await within(section).findByText(/A test event is on its way/)).toBeTruthy();
    expect(sendWebhookTestEvent).toHaveBeenCalledWith({ params: { endpointId: hook.id } });
    const log = await within(section).findByRole('region', { name: `Deliveries to ${hook.url}` });
    expect(await within(log).findByText('500: receiver down')).toBeTruthy();
    expect(within(log).getByText(/Waiting to be tried again/)).toBeTruthy();
    expect(within(log).getByRole('columnheader', { name: 'Attempts' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('deletes only after a confirmation that says what happens', async () => {
    let endpoints = [hook];
    const deleteWebhookEndpoint = jest.fn(() => {
      endpoints = [];
      return { deleted: true };
    });
    const section = await openWebhooks({
      listWebhookEndpoints: () => ({ endpoints }),
      deleteWebhookEndpoint,
    });
    await within(section).findByText(hook.url);
    fireEvent.click(within(section).getByRole('button', { name: `Delete ${hook.url}` }));
    const confirmation = within(section).getByRole('alertdialog', { name: `Delete ${hook.url}?` });
    expect(confirmation.textContent).toContain('This cannot be undone.');
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    expect(deleteWebhookEndpoint).not.toHaveBeenCalled();

    fireEvent.click(within(section).getByRole('button', { name: `Delete ${hook.url}` }));
    fireEvent.click(within(section).getByRole('button', { name: 'Delete the endpoint' }));
    expect(await within(section).findByText(/has been deleted/)).toBeTruthy();
    expect(deleteWebhookEndpoint).toHaveBeenCalledWith({ params: { endpointId: hook.id } });
    await waitFor(() =>
      expect(within(section).queryByRole('list', { name: 'Webhook endpoints' })).toBeNull(),
    );
  });

  it('replaces the secret after confirming and shows the new one once', async () => {
    const section = await openWebhooks({
      listWebhookEndpoints: { endpoints: [hook] },
      rotateWebhookSecret: { endpoint: { ...hook, secretRotatedAt: '2025-03-03T09:00:00.000Z' }, secret },
    });
    await within(section).findByText(hook.url);
    fireEvent.click(within(section).getByRole('button', { name: `Replace the secret of ${hook.url}` }));
    fireEvent.click(within(section).getByRole('button', { name: 'Replace the secret' }));
    expect(((await within(section).findByTestId('issued-webhook-secret')) as HTMLInputElement).value).toBe(
      secret,
    );
    expect(within(section).getByText(/has a new signing secret\./)).toBeTruthy();
  });

  it('tells a teammate only admins manage webhooks, without calling the webhook endpoints', async () => {
    authStore.setState({ status: 'authenticated' });
    answerWith({ getAccount: { ...testAccount, role: 'teammate' } });
    window.history.pushState(null, '', '/account/webhooks');
    await renderScreen(
      <main>
        <AccountApp navigate={jest.fn()} />
      </main>,
    );
    expect(
      await screen.findByText('Only organization admins can manage the organization’s webhooks.'),
    ).toBeTruthy();
    expect(callsOf('listWebhookEndpoints')).toHaveLength(0);
  });
});
