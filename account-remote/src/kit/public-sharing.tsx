import { pathTo } from '@dcipher/shared/routes';
import { Button, Notice, theme } from '@dcipher/shared/ui';
import { copyMessages, sharingMessages } from '@dcipher/shared/validation';
import { useId, useState } from 'react';
import { ConfirmationDialog } from './confirmation-dialog';
import { CopyButton } from './copy-button';
import { messageOf } from './use-api-load';

/**
 * Making a resource public, or private again, the one way both screens that share do it (issue 36): "Make it
 * public" asks first, saying what public means; once public, the link that anyone can open is shown with Copy.
 * Making it private again needs no question (it only takes access away).
 */
export function PublicSharing({
  name,
  isPublic,
  meaning,
  publicLink,
  onChange,
}: {
  name: string;
  isPublic: boolean;
  /** What public means for this resource, said in the question and beside the state. */
  meaning: string;
  /** The address anyone may open once it is public (a workflow's page), if it has one. */
  publicLink?: string;
  /** Sends the change; throws to show why it failed. */
  onChange: (makePublic: boolean) => Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string>();
  const linkId = useId();

  async function change(makePublic: boolean) {
    setBusy(true);
    setFailure(undefined);
    setDone(undefined);
    try {
      await onChange(makePublic);
      setAsking(false);
      setDone(makePublic ? sharingMessages.nowPublic : sharingMessages.nowPrivate(name));
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div data-testid="public-sharing" css={{ margin: '0 0 1rem' }}>
      <p css={{ marginTop: 0 }}>
        {isPublic ? `${sharingMessages.isPublic} ${meaning}` : sharingMessages.isPrivate}
      </p>
      {done ? <Notice>{done}</Notice> : null}
      {failure && !asking ? <p role="alert">{failure}</p> : null}
      {isPublic && publicLink ? (
        <div css={{ marginBottom: '0.75rem' }}>
          <label htmlFor={linkId} css={{ display: 'block', fontWeight: 600, marginBottom: '0.35rem' }}>
            {sharingMessages.publicLink}
          </label>
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' }}>
            <input
              id={linkId}
              readOnly
              value={publicLink}
              data-testid="public-link"
              onFocus={(event) => event.currentTarget.select()}
              css={{
                flex: '1 1 16rem',
                minWidth: 0,
                boxSizing: 'border-box',
                font: '0.95rem ui-monospace, monospace',
                padding: '0.6rem 0.75rem',
                borderRadius: theme.radius,
                border: `1px solid ${theme.colors.border}`,
              }}
            />
            <CopyButton text={publicLink} what={copyMessages.publicLink} />
          </div>
        </div>
      ) : null}
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() => (isPublic ? void change(false) : setAsking(true))}
      >
        {isPublic ? sharingMessages.makePrivate : sharingMessages.makePublic}
      </Button>
      {asking ? (
        <ConfirmationDialog
          title={sharingMessages.confirmTitle(name)}
          confirmLabel={sharingMessages.confirmLabel}
          busyLabel={sharingMessages.making}
          busy={busy}
          error={failure}
          onConfirm={() => void change(true)}
          onCancel={() => {
            setAsking(false);
            setFailure(undefined);
          }}
        >
          <p css={{ marginTop: 0 }}>{meaning}</p>
        </ConfirmationDialog>
      ) : null}
    </div>
  );
}

/**
 * A public workflow's link anyone may open: its page on the site (`/shared/workflow?id=…`, docs/decisions/0128),
 * which shows its name and its last run's result, signed in or not. The site's origin is the page's: the remote
 * runs inside the site's pages.
 */
export const workflowPublicLink = (flowId: string) =>
  `${typeof window === 'undefined' ? '' : window.location.origin}${pathTo('sharedWorkflow', {}, { id: flowId })}`;
