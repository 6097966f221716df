import { type BillingDetails, BillingDetailsInputSchema, contract } from '@dcipher/shared/contract';
import { countries } from '@dcipher/shared/domain';
import { Alert, Button, Form, FormSubmitButton, Notice, theme, useContractForm } from '@dcipher/shared/ui';
import { type ReactNode, useState } from 'react';
import { useAccount } from '../../kit/account-context';
import { accountQueries } from '../../kit/account-queries';
import { useContractMutation, useLoad } from '../../kit/contract-query';
import { BillingDetailsFields } from '../../kit/payment/billing-details-fields';
import { ScreenSection } from '../../kit/screen-section';
import { messageOf } from '../../kit/use-api-load';

const countryName = (code: string) => countries.find((country) => country.code === code)?.name ?? code;

/**
 * The organization's billing details (`GET /billing`), one read shared by the billing-details form and the card
 * form, which sends them with every card (docs/decisions/0086).
 */
export function useBillingDetails() {
  return useLoad(accountQueries.billingDetails());
}

/**
 * The one billing-details form (spec section 3's billing type, company, address, country, VAT number): filled in
 * from the saved details, or, before any, from the account (its company, and its kind as the billing type: an
 * individual is billed as one, docs/decisions/0078). Saved with `POST /billing`; every card added afterwards
 * carries them, so they are never asked again with a card.
 */
export function BillingDetailsForm({
  current,
  submitLabel,
  onSaved,
  beside,
}: {
  current: BillingDetails | null;
  submitLabel: string;
  onSaved?: () => void;
  /** Shown beside the submit button (a "Cancel"). */
  beside?: ReactNode;
}) {
  const { account } = useAccount();
  // Saved, the details are read again wherever they show (kit/invalidations.ts) before `onSaved`.
  const save = useContractMutation(contract.creditCards.saveBillingDetails);
  const form = useContractForm({
    schema: BillingDetailsInputSchema,
    defaultValues: {
      company: current?.company ?? account.company ?? '',
      address: current?.address ?? '',
      country: current?.country ?? '',
      vatNumber: current?.vatNumber ?? '',
      billingType: current?.billingType ?? account.organization.customerType,
    },
    onSubmit: async (body) => {
      await save.mutateAsync({ body });
      onSaved?.();
    },
  });
  return (
    <Form form={form} aria-label="Set billing details">
      <BillingDetailsFields form={form} />
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem' }}>
        <FormSubmitButton form={form} busyLabel="Saving…">
          {submitLabel}
        </FormSubmitButton>
        {beside}
      </div>
    </Form>
  );
}

/**
 * Billing details (`/payment`): who invoices are addressed to and which VAT applies, shown; admins enter them in
 * the one form (open while there are none, behind "Change billing details" after), or remove their own so the
 * paying card's apply again (offered only while there is a card).
 */
export function BillingDetailsSection({ mayChange }: { mayChange: boolean }) {
  const { result, reload } = useBillingDetails();
  const deleteOwn = useContractMutation(contract.creditCards.deleteBillingDetails);
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const [changing, setChanging] = useState(false);
  const current = result.state === 'loaded' ? result.data : null;

  async function removeOwn() {
    setError(undefined);
    setNotice(undefined);
    try {
      await deleteOwn.mutateAsync({});
      setNotice('Your own billing details are removed: the paying card’s apply again.');
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
        <p css={{ marginTop: 0, color: theme.colors.muted }}>
          No billing details yet.
          {mayChange ? ' Enter them once here: invoices, VAT and every card you add use them.' : ''}
        </p>
      )}
      {error ? <Alert>{error}</Alert> : null}
      {mayChange && result.state === 'loaded' ? (
        current && !changing ? (
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem' }}>
            <Button
              variant="secondary"
              onClick={() => {
                setNotice(undefined);
                setChanging(true);
              }}
            >
              Change billing details
            </Button>
            {/* Only with a card whose details would change something (not the card just saved with these). */}
            {current.source === 'billing' && current.cardDetailsDiffer ? (
              <Button variant="secondary" onClick={() => void removeOwn()}>
                Use the card’s details instead
              </Button>
            ) : null}
          </div>
        ) : (
          <BillingDetailsForm
            current={current}
            submitLabel="Save billing details"
            onSaved={() => {
              setChanging(false);
              setNotice(
                'Your billing details are saved: invoices, VAT and new cards follow them from now on.',
              );
            }}
            beside={
              changing ? (
                <Button variant="secondary" onClick={() => setChanging(false)}>
                  Cancel
                </Button>
              ) : null
            }
          />
        )
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
