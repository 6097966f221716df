import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import type { SsoConfig } from '@dcipher/shared/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import AccountApp from '../../apps/account';
import { testAccount } from '../../test-support/account-test-api';
import { expectNoAxeViolations } from '../../test-support/axe';
import { answerWith, callsOf } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';

const initialState = authStore.getState();
const neverSettles = () => new Promise(() => {});
/** None set up yet: an empty state, answered as null rather than a 404 (issue 36). */
const notSetUp = () => null;

const configured: SsoConfig = {
  issuerUrl: 'https://login.acme.com',
  clientId: 'dcipher',
  emailDomains: ['acme.com', 'acme.co.uk'],
  domains: [
    {
      domain: 'acme.com',
      verified: true,
      verifiedAt: '2025-03-01T09:00:00.000Z',
      recordName: '_dcipher-verification.acme.com',
      recordValue: 'dcipher-verification=aaa',
    },
    {
      domain: 'acme.co.uk',
      verified: false,
      verifiedAt: null,
      recordName: '_dcipher-verification.acme.co.uk',
      recordValue: 'dcipher-verification=bbb',
    },
  ],
  requireSso: false,
  clientSecretSet: true,
  redirectUri: 'https://www.dcipher.io/login/sso',
  createdAt: '2025-03-01T08:00:00.000Z',
  updatedAt: '2025-03-01T08:00:00.000Z',
};

async function openSso(handlers: Record<string, unknown> = {}) {
  authStore.setState({ status: 'authenticated' });
  answerWith({ getAccount: testAccount, getSsoConfig: configured, ...handlers });
  window.history.pushState(null, '', '/account/sso');
  await renderScreen(
    <main>
      <AccountApp navigate={jest.fn()} />
    </main>,
  );
}

const region = (name: string) => screen.getByRole('region', { name });

describe('Single sign-on screen', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  it('reads "none set up yet" as an empty state, not a 404, and copies the redirect URI (issue 36)', async () => {
    const writeText = jest.fn(async (_text: string) => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    try {
      authStore.setState({ status: 'authenticated' });
      // Through the real client: the contract's answer for none is null, parsed as such.
      answerWith({ getAccount: testAccount, getSsoConfig: null });
      window.history.pushState(null, '', '/account/sso');
      await renderScreen(
        <main>
          <AccountApp navigate={jest.fn()} />
        </main>,
      );
      expect(await screen.findByText('Single sign-on is not set up for your organization yet.')).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
      const redirectUri = screen.getByTestId('sso-redirect-uri').textContent;
      fireEvent.click(screen.getByRole('button', { name: 'Copy the redirect URI' }));
      await waitFor(() => expect(writeText).toHaveBeenCalledWith(redirectUri));
      expect(await screen.findByText('Copied.')).toBeTruthy();
      await expectNoAxeViolations();
    } finally {
      Object.assign(navigator, { clipboard: undefined });
    }
  });

  it('says it is loading the settings', async () => {
    await openSso({ getSsoConfig: neverSettles });
    expect((await screen.findByText('Loading single sign-on settings…')).getAttribute('role')).toBe('status');
  });

  it('shows a failed load with "Try again"', async () => {
    let attempt = 0;
    await openSso({
      getSsoConfig: () => {
        attempt += 1;
        if (attempt === 1) throw new ApiError('Server error', 500, 'INTERNAL');
        return configured;
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Server error');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Email domains' })).toBeTruthy();
  });

  it('offers to set it up when there is none (empty state), validates, and saves; passes axe', async () => {
    let saved: SsoConfig | undefined;
    const saveSsoConfig = jest.fn(({ body }: { body: { emailDomains: string[] } }) => {
      saved = { ...configured, emailDomains: body.emailDomains, domains: [configured.domains[1]!] };
      return saved;
    });
    await openSso({ getSsoConfig: () => saved ?? notSetUp(), saveSsoConfig });
    expect(await screen.findByText('Single sign-on is not set up for your organization yet.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Email domains' })).toBeNull();
    await expectNoAxeViolations();

    fireEvent.change(screen.getByLabelText('Issuer URL'), { target: { value: 'https://login.acme.com' } });
    fireEvent.change(screen.getByLabelText('Client ID'), { target: { value: 'dcipher' } });
    fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: 's3cret' } });
    fireEvent.change(screen.getByLabelText('Email domains (separate with commas)'), {
      target: { value: 'acme.co.uk, gmail.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set up single sign-on' }));
    expect(
      await screen.findByText(
        'gmail.com is a public email provider: single sign-on needs a domain your organization owns.',
      ),
    ).toBeTruthy();
    expect(saveSsoConfig).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Email domains (separate with commas)'), {
      target: { value: 'acme.co.uk' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set up single sign-on' }));
    expect(
      await screen.findByText(
        'Single sign-on is saved. Verify each domain below: until then its members keep signing in with passwords.',
      ),
    ).toBeTruthy();
    expect(saveSsoConfig).toHaveBeenCalledWith({
      body: {
        issuerUrl: 'https://login.acme.com',
        clientId: 'dcipher',
        clientSecret: 's3cret',
        emailDomains: ['acme.co.uk'],
        requireSso: false,
      },
    });
    expect(await screen.findByRole('region', { name: 'Email domains' })).toBeTruthy();
  });

  it('shows the saved settings without the secret, the domains with their TXT records, and passes axe', async () => {
    await openSso();
    const domains = await screen.findByRole('region', { name: 'Email domains' });
    expect((screen.getByLabelText('Issuer URL') as HTMLInputElement).value).toBe('https://login.acme.com');
    expect(
      (screen.getByLabelText('Client secret (leave empty to keep the stored one)') as HTMLInputElement).value,
    ).toBe('');
    expect((screen.getByLabelText('Email domains (separate with commas)') as HTMLInputElement).value).toBe(
      'acme.com, acme.co.uk',
    );
    expect(screen.getByTestId('sso-redirect-uri').textContent).toBe('https://www.dcipher.io/login/sso');
    const items = within(within(domains).getByRole('list')).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('acme.com · Verified');
    expect(within(items[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(items[1]?.textContent).toContain('Not verified');
    expect(items[1]?.textContent).toContain('_dcipher-verification.acme.co.uk');
    expect(items[1]?.textContent).toContain('dcipher-verification=bbb');
    await expectNoAxeViolations();
  });

  it('verifies a domain, or says exactly why DNS did not prove it', async () => {
    let attempt = 0;
    const message =
      'We could not verify the domain: there is no TXT record at _dcipher-verification.acme.co.uk yet. Add a TXT record at _dcipher-verification.acme.co.uk with the value shown, wait a few minutes for DNS to update, then press Verify again.';
    await openSso({
      verifySsoDomain: () => {
        attempt += 1;
        if (attempt === 1) {
          throw new ApiError(message, 400, 'DOMAIN_VERIFICATION_FAILED', undefined, {
            recordName: '_dcipher-verification.acme.co.uk',
            problem: 'noRecord',
          });
        }
        return configured;
      },
    });
    const domains = await screen.findByRole('region', { name: 'Email domains' });
    fireEvent.click(within(domains).getByRole('button', { name: 'Verify acme.co.uk' }));
    expect((await within(domains).findByRole('alert')).textContent).toBe(message);
    fireEvent.click(within(domains).getByRole('button', { name: 'Verify acme.co.uk' }));
    expect((await within(domains).findByRole('status')).textContent).toBe(
      'acme.co.uk is verified: its members can now sign in with SSO.',
    );
    expect(callsOf('verifySsoDomain')[0]).toEqual({ body: { domain: 'acme.co.uk' } });
  });

  it('tests the connection with the typed issuer and shows what is wrong', async () => {
    await openSso({
      testSsoConnection: ({ body }: { body: { issuerUrl: string } }) =>
        body.issuerUrl === 'https://login.acme.com'
          ? {
              ok: true,
              message: 'Connected: https://login.acme.com answered a valid discovery document.',
              discoveryUrl: 'https://login.acme.com/.well-known/openid-configuration',
            }
          : {
              ok: false,
              problem: 'issuer-mismatch',
              message: 'The provider names its issuer https://other.example, not https://wrong.example.',
              discoveryUrl: 'https://wrong.example/.well-known/openid-configuration',
            },
    });
    await screen.findByRole('region', { name: 'Email domains' });
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(
      await screen.findByText('Connected: https://login.acme.com answered a valid discovery document.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Issuer URL'), { target: { value: 'https://wrong.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Connection test failed: The provider names its issuer https://other.example, not https://wrong.example.',
    );
  });

  it('keeps what was typed when saving fails, with the API message under the field', async () => {
    await openSso({
      saveSsoConfig: () => {
        throw new ApiError(
          'The email domain acme.co.uk already uses single sign-on with another organization.',
          409,
          'EMAIL_DOMAIN_TAKEN',
          { emailDomains: 'taken' },
          { reason: 'configuredElsewhere', domain: 'acme.co.uk' },
        );
      },
    });
    await screen.findByRole('region', { name: 'Email domains' });
    fireEvent.click(screen.getByLabelText(/must sign in with SSO/));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(
        screen.getAllByText(
          'The email domain acme.co.uk already uses single sign-on with another organization.',
        ),
      ).toHaveLength(2),
    );
    expect((screen.getByLabelText(/must sign in with SSO/) as HTMLInputElement).checked).toBe(true);
  });

  it('removes single sign-on only after a confirmation that says what changes', async () => {
    let removed = false;
    const deleteSsoConfig = jest.fn(() => {
      removed = true;
      return { deleted: true };
    });
    await openSso({ getSsoConfig: () => (removed ? notSetUp() : configured), deleteSsoConfig });
    const section = await screen.findByRole('region', { name: 'Remove single sign-on' });
    fireEvent.click(within(section).getByRole('button', { name: 'Remove single sign-on…' }));
    const confirmation = within(section).getByRole('group', {
      name: 'Remove single sign-on for your organization?',
    });
    expect(confirmation.textContent).toContain(
      'Members of acme.com, acme.co.uk will sign in with their passwords again',
    );
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Keep it' }));
    expect(deleteSsoConfig).not.toHaveBeenCalled();
    fireEvent.click(
      within(region('Remove single sign-on')).getByRole('button', { name: 'Remove single sign-on…' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove single sign-on' }));
    expect(await screen.findByText('Single sign-on is not set up for your organization yet.')).toBeTruthy();
    expect(deleteSsoConfig).toHaveBeenCalledTimes(1);
  });
});
