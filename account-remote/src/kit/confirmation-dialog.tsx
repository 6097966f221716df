import { Alert, Button } from '@dcipher/shared/ui';
import { type ReactNode, useId } from 'react';
import { Dialog } from './dialog';

/**
 * The one confirmation of the remote: a modal alert dialog named by its question and described by what will
 * happen; focus moves to Cancel when it opens (the safe answer), Tab stays inside, Escape or Cancel closes it and
 * focus goes back to the control that opened it. While `busy` both answers wait; a failure shows in it, so the
 * person can try again or cancel.
 */
export function ConfirmationDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  busyLabel,
  tone = 'primary',
  busy = false,
  error,
  onConfirm,
  onCancel,
}: {
  /** The question: "Revoke “CI key”?" */
  title: string;
  /** What happens if confirmed. */
  children: ReactNode;
  confirmLabel: string;
  /** The safe answer's label, when "Cancel" would be ambiguous (a question about cancelling something). */
  cancelLabel?: string;
  busyLabel: string;
  /** `danger` for what cannot be undone. */
  tone?: 'primary' | 'danger';
  busy?: boolean;
  error?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const descriptionId = useId();
  return (
    <Dialog title={title} role="alertdialog" describedBy={descriptionId} onClose={busy ? () => {} : onCancel}>
      <div id={descriptionId}>{children}</div>
      {error ? <Alert>{error}</Alert> : null}
      <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', marginTop: '1rem' }}>
        <Button variant={tone} disabled={busy} onClick={onConfirm}>
          {busy ? busyLabel : confirmLabel}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel} data-autofocus>
          {cancelLabel}
        </Button>
      </div>
    </Dialog>
  );
}
