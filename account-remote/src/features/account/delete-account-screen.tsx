import { authenticatedApi } from '@dcipher/shared/auth';
import { contract, DeleteAccountInputSchema, DeleteOrganizationInputSchema } from '@dcipher/shared/contract';
import { can } from '@dcipher/shared/domain';
import { routes } from '@dcipher/shared/routes';
import { Form, FormSubmitButton, FormTextField, theme, useContractForm } from '@dcipher/shared/ui';
import { useAccount } from '../../kit/account-context';
import type { AccountScreenProps } from '../../kit/account-screen';
import { ScreenSection } from '../../kit/screen-section';

const lostWithAccount = [
  'your profile and email preferences',
  'every session: all your browsers are signed out',
  'your sign-in history and two-step verification settings',
  'invitations you sent that were not accepted yet',
];

/**
 * Deleting the account, behind a confirmation that says what is lost and asks for the email typed out. An
 * organization's last admin deletes the organization with it, or hands admin over first.
 */
export default function DeleteAccountScreen({ navigate }: AccountScreenProps) {
  const { account, leaveAccountArea } = useAccount();
  const accountForm = useContractForm({
    schema: DeleteAccountInputSchema,
    defaultValues: { confirmEmail: '' },
    onSubmit: async (values) => {
      await authenticatedApi().call(contract.account.deleteAccount, { body: values });
      await leaveAccountArea('/');
    },
  });
  const organizationForm = useContractForm({
    schema: DeleteOrganizationInputSchema,
    defaultValues: { confirmName: '' },
    onSubmit: async (values) => {
      await authenticatedApi().call(contract.organization.deleteOrganization, { body: values });
      await leaveAccountArea('/');
    },
  });
  const mayDeleteOrganization = can({ kind: 'user', role: account.role }, 'organization', 'delete');

  return (
    <>
      <ScreenSection title="Delete your account">
        <p css={{ marginTop: 0 }}>
          This cannot be undone. Deleting your account permanently removes from Dcipher:
        </p>
        <ul css={{ marginTop: 0 }}>
          {lostWithAccount.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>
          Projects and files you created in {account.organization.name} stay with the organization.
          {mayDeleteOrganization
            ? ' If you are its only admin while others are members, make another member an admin first, or delete the whole organization below.'
            : ''}
        </p>
        <p css={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          Your email address: <span data-testid="delete-confirm-email">{account.email}</span>
        </p>
        <Form form={accountForm} aria-label="Delete your account">
          <FormTextField
            form={accountForm}
            name="confirmEmail"
            label="Type your email address to confirm"
            autoComplete="off"
            spellCheck={false}
          />
          <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', alignItems: 'center' }}>
            <FormSubmitButton form={accountForm} busyLabel="Deleting your account…" variant="danger">
              Delete my account permanently
            </FormSubmitButton>
            <a
              href={routes.accountProfile.path}
              onClick={(event) => {
                event.preventDefault();
                navigate(routes.accountProfile.path);
              }}
            >
              Keep my account
            </a>
          </div>
        </Form>
      </ScreenSection>
      {mayDeleteOrganization ? (
        <ScreenSection title={`Delete the organization ${account.organization.name}`}>
          <p css={{ marginTop: 0, color: theme.colors.muted }}>
            Deletes the organization and everyone in it: every member’s account, its subscription details,
            payment methods, invitations and single sign-on settings. Every member is signed out.
          </p>
          <Form form={organizationForm} aria-label="Delete the organization">
            <FormTextField
              form={organizationForm}
              name="confirmName"
              label="Type the organization’s name to confirm"
              autoComplete="off"
              spellCheck={false}
            />
            <FormSubmitButton form={organizationForm} busyLabel="Deleting the organization…" variant="danger">
              Delete the organization and every account in it
            </FormSubmitButton>
          </Form>
        </ScreenSection>
      ) : null}
    </>
  );
}
