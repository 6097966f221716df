import { contract, type InvitationOffer } from '@dcipher/shared/contract';
import { formatDate } from '@dcipher/shared/format';
import { Alert, Button, Notice, theme } from '@dcipher/shared/ui';
import { useState } from 'react';
import { useAccount } from '../../kit/account-context';
import { accountQueries } from '../../kit/account-queries';
import { useContractMutation, useLoad } from '../../kit/contract-query';
import { ScreenSection } from '../../kit/screen-section';
import { messageOf } from '../../kit/use-api-load';

type Asking = { offer: InvitationOffer; to: 'join' | 'decline' };

/**
 * Invitations other organizations sent this address before its owner signed up on their own: they stay offers
 * (docs/decisions/0035), joined or declined here, each asked first. Shown only when there is one (or the list
 * could not be loaded): most people never have any.
 */
export function InvitationOffersSection() {
  const { account } = useAccount();
  const { result, reload } = useLoad({
    ...accountQueries.invitationOffers(),
    select: (answer) => answer.offers,
  });
  // Joining refreshes every read (another organization: its account, plan, team…); declining, the offers listed.
  const accept = useContractMutation(contract.invitations.acceptInvitationOffer);
  const decline = useContractMutation(contract.invitations.declineInvitationOffer);
  const [asking, setAsking] = useState<Asking>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();

  async function confirm({ offer, to }: Asking) {
    setBusy(true);
    setError(undefined);
    try {
      const params = { params: { invitationId: offer.id } };
      if (to === 'join') {
        const joined = await accept.mutateAsync(params);
        setDone(`You joined ${joined.organizationName} as ${joined.role}.`);
      } else {
        await decline.mutateAsync(params);
        setDone(`You declined the invitation from ${offer.organizationName}.`);
      }
      setAsking(undefined);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  if (result.state === 'loading') return null;
  if (result.state === 'loaded' && result.data.length === 0) {
    return done ? <Notice>{done}</Notice> : null;
  }
  return (
    <ScreenSection title="Invitations">
      {done ? <Notice>{done}</Notice> : null}
      {result.state === 'failed' ? (
        <div>
          <Alert>{result.message}</Alert>
          <Button variant="secondary" onClick={() => void reload()}>
            Try again
          </Button>
        </div>
      ) : (
        <ul
          aria-label="Invitations to join another organization"
          css={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {result.data.map((offer) => {
            const open = asking?.offer.id === offer.id ? asking : undefined;
            return (
              <li
                key={offer.id}
                css={{
                  padding: '0.75rem 0',
                  borderTop: `1px solid ${theme.colors.border}`,
                  overflowWrap: 'anywhere',
                }}
              >
                <p css={{ margin: '0 0 0.5rem' }}>
                  <strong>{offer.inviterName}</strong> invited you to join{' '}
                  <strong>{offer.organizationName}</strong> as {offer.role}.{' '}
                  {offer.expired ? (
                    <>
                      The invitation expired on{' '}
                      <time dateTime={offer.expiresAt}>{formatDate(offer.expiresAt)}</time>: ask them for a
                      new one, or decline it.
                    </>
                  ) : (
                    <>
                      Open until <time dateTime={offer.expiresAt}>{formatDate(offer.expiresAt)}</time>.
                    </>
                  )}
                </p>
                {open ? (
                  <fieldset css={{ border: 'none', margin: 0, padding: 0 }}>
                    <legend css={{ margin: '0 0 0.5rem', padding: 0 }}>
                      {open.to === 'join'
                        ? `Your account moves to ${offer.organizationName} as ${offer.role}. Your own organization, ${account.organization.name}, closes with everything in it (its projects, files, keys and settings). This cannot be undone.`
                        : `Decline the invitation from ${offer.organizationName}? Your account stays as it is.`}
                    </legend>
                    {error ? <Alert>{error}</Alert> : null}
                    <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
                      <Button
                        variant={open.to === 'join' ? 'danger' : 'primary'}
                        disabled={busy}
                        onClick={() => void confirm(open)}
                      >
                        {busy
                          ? open.to === 'join'
                            ? 'Joining…'
                            : 'Declining…'
                          : open.to === 'join'
                            ? `Join ${offer.organizationName}`
                            : 'Decline invitation'}
                      </Button>
                      <Button variant="secondary" disabled={busy} onClick={() => setAsking(undefined)}>
                        Cancel
                      </Button>
                    </div>
                  </fieldset>
                ) : (
                  <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
                    {offer.expired ? null : (
                      <Button
                        onClick={() => {
                          setError(undefined);
                          setDone(undefined);
                          setAsking({ offer, to: 'join' });
                        }}
                      >
                        Join {offer.organizationName}…
                      </Button>
                    )}
                    <Button
                      variant="secondary"
                      onClick={() => {
                        setError(undefined);
                        setDone(undefined);
                        setAsking({ offer, to: 'decline' });
                      }}
                    >
                      Decline {offer.organizationName}’s invitation…
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </ScreenSection>
  );
}
