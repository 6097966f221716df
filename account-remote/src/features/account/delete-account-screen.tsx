import { authenticatedApi } from '@dcipher/shared/auth';
import {
  contract,
  DeleteAccountInputSchema,
  DeleteOrganizationInputSchema,
  type DeletionImpact,
} from '@dcipher/shared/contract';
import { can } from '@dcipher/shared/domain';
import { formatDate, formatMoney } from '@dcipher/shared/format';
import { pathTo, routes } from '@dcipher/shared/routes';
import { Form, FormSubmitButton, FormTextField, theme, useContractForm } from '@dcipher/shared/ui';
import { useAccount } from '../../kit/account-context';
import type { AccountScreenProps } from '../../kit/account-screen';
import { contractQuery, useLoad } from '../../kit/contract-query';
import { ScreenSection } from '../../kit/screen-section';
import type { ApiLoad } from '../../kit/use-api-load';

const numberFormat = new Intl.NumberFormat('en-GB');

/**
 * What the deletion does to the organization's projects and money (docs/decisions/0078): with its only member, the
 * organization goes too, its plan is cancelled, its credits and add-ons end, amounts stated; otherwise they stay.
 */
function DeletionMoney({
  load,
  organizationName,
}: {
  load: ApiLoad<DeletionImpact>;
  organizationName: string;
}) {
  if (load.state === 'loading') return <p role="status">Checking your plan and credits…</p>;
  if (load.state === 'failed') {
    return (
      <p>
        We could not load what happens to your plan and credits. Reload the page before deleting your account.
      </p>
    );
  }
  const impact = load.data;
  if (!impact.deletesOrganization) {
    return (
      <p>
        Projects and files you created in {organizationName} stay with the organization, and so do its plan,
        credits and add-ons: its admins manage them.
      </p>
    );
  }
  return (
    <div data-testid="deletion-money">
      <p>
        You are the only member of {organizationName}, so the organization is deleted with your account: its
        projects and files are deleted too, and:
      </p>
      <ul>
        {impact.plan ? (
          <li>
            your plan {impact.plan.name} ({formatMoney(impact.plan.price, impact.plan.currency)} per{' '}
            {impact.plan.billingPeriod === 'annual' ? 'year' : 'month'}) is cancelled at once: it will not
            renew and nothing more is charged. The period paid until {formatDate(impact.plan.paidUntil)} is
            not refunded;
          </li>
        ) : (
          <li>you have no paid plan: nothing more is charged;</li>
        )}
        <li>
          {impact.credits > 0
            ? `${numberFormat.format(impact.credits)} prepaid credits in your wallet are forfeited;`
            : 'there are no prepaid credits in your wallet;'}
        </li>
        {impact.addOns.map((addOn) => (
          <li key={`${addOn.name}-${addOn.validUntil}`}>
            the add-on {addOn.name} ({numberFormat.format(addOn.quantity)} {addOn.unit}, until{' '}
            {formatDate(addOn.validUntil)}) ends;
          </li>
        ))}
        <li>we email you a confirmation of the deletion.</li>
      </ul>
    </div>
  );
}

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
      await leaveAccountArea(pathTo('home'));
    },
  });
  const organizationForm = useContractForm({
    schema: DeleteOrganizationInputSchema,
    defaultValues: { confirmName: '' },
    onSubmit: async (values) => {
      await authenticatedApi().call(contract.organization.deleteOrganization, { body: values });
      await leaveAccountArea(pathTo('home'));
    },
  });
  const mayDeleteOrganization = can({ kind: 'user', role: account.role }, 'organization', 'delete');
  const { result: impact } = useLoad(contractQuery(contract.account.getDeletionImpact));

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
        <DeletionMoney load={impact} organizationName={account.organization.name} />
        {mayDeleteOrganization && impact.state === 'loaded' && !impact.data.deletesOrganization ? (
          <p>
            If you are its only admin while others are members, make another member an admin first, or delete
            the whole organization below.
          </p>
        ) : null}
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
