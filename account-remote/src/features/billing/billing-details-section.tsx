import { authenticatedApi } from '@dcipher/shared/auth';
import { type BillingDetails, BillingDetailsInputSchema, contract } from '@dcipher/shared/contract';
import { countries, customerTypes } from '@dcipher/shared/domain';
import {
  Alert,
  Button,
  Form,
  FormSelectField,
  FormSubmitButton,
  FormTextField,
  Notice,
  theme,
  useContractForm,
} from '@dcipher/shared/ui';
import { useState } from 'react';
import { useAccount } from '../../kit/account-context';
import { ScreenSection } from '../../kit/screen-section';
import { messageOf, useApiLoad } from '../../kit/use-api-load';

const countryName = (code: string) => countries.find((country) => country.code === code)?.name ?? code;

/**
 * Billing details (`/billing`): who invoices are addressed to and which VAT applies. Without details of their own,
 * the paying card's apply; admins may set their own, or remove them again.
 */
export function BillingDetailsSection({ mayChange }: { mayChange: boolean }) {
  // The billing type starts as the account's own kind (an individual is billed as one, docs/decisions/0078).
  const { account } = useAccount();
  const { result, reload } = useApiLoad(() =>
    authenticatedApi().call(contract.creditCards.getBillingDetails),
  );
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const current = result.state === 'loaded' ? result.data : null;
  const form = useContractForm({
    schema: BillingDetailsInputSchema,
    defaultValues: {
      company: '',
      address: '',
      country: '',
      vatNumber: '',
      billingType: account.organization.customerType,
    },
    onSubmit: async (body) => {
      setNotice(undefined);
      await authenticatedApi().call(contract.creditCards.saveBillingDetails, { body });
      setNotice('Your billing details are saved: invoices and VAT follow them from now on.');
      await reload();
    },
  });

  async function removeOwn() {
    setError(undefined);
    try {
      await authenticatedApi().call(contract.creditCards.deleteBillingDetails);
      setNotice('Your own billing details are removed: the paying card’s apply again.');
      await reload();
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  return (
    <ScreenSection title="Billing details">
      {notice ? <Notice>{notice}</Notice> : null}
      {result.state === 'loading' ? (
        <p role="status" css={{ color: theme.colors.muted }}>
          Loading your billing details…
        </p>
      ) : result.state === 'failed' ? (
        <div>
          <Alert>{result.message}</Alert>
          <Button variant="secondary" onClick={() => void reload()}>
            Try again
          </Button>
        </div>
      ) : current ? (
        <Details details={current} />
      ) : (
        <p css={{ marginTop: 0, color: theme.colors.muted }}>No billing details yet.</p>
      )}
      {error ? <Alert>{error}</Alert> : null}
      {mayChange ? (
        <>
          {current?.source === 'billing' ? (
            <p>
              <Button variant="secondary" onClick={() => void removeOwn()}>
                Use the card’s details instead
              </Button>
            </p>
          ) : null}
          <Form form={form} aria-label="Set billing details">
            <FormSelectField
              form={form}
              name="billingType"
              label="Billing type"
              options={customerTypes.map((type) => ({ value: type, label: type }))}
            />
            <FormTextField
              form={form}
              name="company"
              label="Company (optional)"
              autoComplete="organization"
            />
            <FormTextField form={form} name="address" label="Billing address" autoComplete="street-address" />
            <FormSelectField
              form={form}
              name="country"
              label="Country"
              placeholder="Choose a country"
              options={countries.map((country) => ({ value: country.code, label: country.name }))}
            />
            <FormTextField form={form} name="vatNumber" label="VAT number (optional)" />
            <FormSubmitButton form={form} busyLabel="Saving…">
              Save billing details
            </FormSubmitButton>
          </Form>
        </>
      ) : null}
    </ScreenSection>
  );
}

function Details({ details }: { details: BillingDetails }) {
  return (
    <>
      <p css={{ marginTop: 0, color: theme.colors.muted }}>
        {details.source === 'card' ? 'From your paying card:' : 'Set for your organization:'}
      </p>
      <p data-testid="billing-details" css={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {[
          details.company,
          details.address,
          countryName(details.country),
          details.vatNumber ? `VAT ${details.vatNumber}` : null,
          `${details.billingType} customer`,
        ]
          .filter(Boolean)
          .join('\n')}
      </p>
    </>
  );
}
