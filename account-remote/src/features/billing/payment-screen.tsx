import { type CreditCard, cardBrandNames, contract } from '@dcipher/shared/contract';
import { can } from '@dcipher/shared/domain';
import { Alert, Button, Notice, theme } from '@dcipher/shared/ui';
import { paymentMethodMessages } from '@dcipher/shared/validation';
import { useEffect, useRef, useState } from 'react';
import { useAccount } from '../../kit/account-context';
import { contractQuery, useContractMutation, useLoad } from '../../kit/contract-query';
import { LoadState } from '../../kit/load-state';
import { ScreenSection } from '../../kit/screen-section';
import { messageOf } from '../../kit/use-api-load';
import { AddCardForm } from './add-card-form';
import { BillingDetailsSection, useBillingDetails } from './billing-details-section';

/** /payment, "Payment method": the organization's cards (every member sees which pays); admins add and remove. */
export default function PaymentScreen() {
  const { account } = useAccount();
  const caller = { kind: 'user', role: account.role } as const;
  const mayAdd = can(caller, 'payment-method', 'create');
  const mayDelete = can(caller, 'payment-method', 'delete');
  const { result, reload } = useLoad(contractQuery(contract.creditCards.listCreditCards));
  // A card removed or added refreshes the cards and the plan's summary (kit/invalidations.ts).
  const deleteCard = useContractMutation(contract.creditCards.deleteCreditCard);
  const [saved, setSaved] = useState<string>();
  const [removing, setRemoving] = useState<string>();
  const [error, setError] = useState<string>();
  // With a card already, the form for another opens on demand (and closes once one is saved).
  const [addingAnother, setAddingAnother] = useState(false);
  const hasCard = result.state === 'loaded' && result.data.length > 0;
  // Once a card is saved its form closes: focus goes on to "Add another card", beside the notice.
  const addAnotherRef = useRef<HTMLDivElement>(null);
  const closedAfterSave = saved !== undefined && hasCard && !addingAnother;
  useEffect(() => {
    if (closedAfterSave) addAnotherRef.current?.querySelector('button')?.focus();
  }, [closedAfterSave]);
  async function remove(card: CreditCard) {
    setRemoving(card.id);
    setError(undefined);
    try {
      await deleteCard.mutateAsync({ body: { id: card.id } });
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setRemoving(undefined);
    }
  }

  return (
    <>
      <ScreenSection title="Your cards">
        <LoadState load={result} loadingText="Loading your cards…" onRetry={() => void reload()}>
          {(cards: CreditCard[]) =>
            cards.length === 0 ? (
              <p css={{ margin: 0, color: theme.colors.muted }}>
                {mayAdd ? paymentMethodMessages.noCardAdmin : paymentMethodMessages.noCardMember}
              </p>
            ) : (
              <ul aria-label="Payment cards" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {cards.map((card) => (
                  <li
                    key={card.id}
                    css={{
                      display: 'flex',
                      flexWrap: 'wrap',
                      justifyContent: 'space-between',
                      alignItems: 'center',
                      gap: '0.5rem 1rem',
                      padding: '0.75rem 0',
                      borderTop: `1px solid ${theme.colors.border}`,
                    }}
                  >
                    <span css={{ overflowWrap: 'anywhere' }}>
                      <strong>
                        {cardBrandNames[card.brand]} ending in {card.last4}
                      </strong>{' '}
                      · expires {String(card.expiryMonth).padStart(2, '0')}/{card.expiryYear} ·{' '}
                      {card.cardHolder}
                      {card.isDefault ? ' · pays your plan' : ''}
                    </span>
                    {mayDelete ? (
                      <Button
                        variant="secondary"
                        disabled={removing !== undefined}
                        onClick={() => void remove(card)}
                        aria-label={`Remove ${cardBrandNames[card.brand]} ending in ${card.last4}`}
                      >
                        {removing === card.id ? 'Removing…' : 'Remove'}
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ul>
            )
          }
        </LoadState>
        {error ? <Alert>{error}</Alert> : null}
      </ScreenSection>
      <BillingDetailsSection mayChange={can(caller, 'payment-method', 'update')} />
      {mayAdd ? (
        <ScreenSection title="Add a card">
          {saved ? <Notice>{saved}</Notice> : null}
          <p css={{ marginTop: 0, color: theme.colors.muted }}>
            The card number and CVC go straight to our payment provider; Dcipher keeps only the last four
            digits.
          </p>
          {hasCard && !addingAnother ? (
            <div ref={addAnotherRef}>
              <Button
                variant="secondary"
                onClick={() => {
                  setSaved(undefined);
                  setAddingAnother(true);
                }}
              >
                {paymentMethodMessages.addAnother}
              </Button>
            </div>
          ) : (
            <CardForOrganization
              focusOnMount={addingAnother}
              onSaved={(card) => {
                setSaved(
                  `${cardBrandNames[card.brand]} ending in ${card.last4} is saved${card.isDefault ? ' and pays your plan' : ''}.`,
                );
                setAddingAnother(false);
              }}
            />
          )}
        </ScreenSection>
      ) : null}
    </>
  );
}

/**
 * The card form once the billing details are known: only the card, sent with the saved details; before any are
 * saved, where to enter them (the form above), never a second copy of their fields (docs/decisions/0086).
 */
function CardForOrganization({
  onSaved,
  focusOnMount,
}: {
  onSaved: (card: CreditCard) => void;
  /** Opened by "Add another card": focus goes to its first field. */
  focusOnMount: boolean;
}) {
  const { result } = useBillingDetails();
  // Saved just now in the form above (which closes): focus goes on to the card.
  const hadNone = useRef(false);
  if (result.state !== 'loaded') return null;
  if (!result.data) {
    hadNone.current = true;
    return (
      <p data-testid="card-needs-billing" css={{ marginBottom: 0 }}>
        First enter your billing details above: each card you add is billed to them, so you type them once.
      </p>
    );
  }
  return (
    <AddCardForm
      billing={result.data}
      changeBilling="Change them under Billing details."
      focusOnMount={hadNone.current || focusOnMount}
      onSaved={onSaved}
      submitLabel="Save card"
    />
  );
}
