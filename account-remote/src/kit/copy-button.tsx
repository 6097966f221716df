import { Button, visuallyHidden } from '@dcipher/shared/ui';
import { copyMessages } from '@dcipher/shared/validation';
import { useState } from 'react';

/**
 * "Copy" for a value shown on the page (a secret, a redirect URI, a public link): puts it on the clipboard and
 * says so, or, where the clipboard is blocked (outside secure contexts, some embedded browsers), how to copy it.
 * `what` completes the button's name for screen readers ("Copy the redirect URI").
 */
export function CopyButton({
  text,
  what,
  blocked = copyMessages.blocked,
}: {
  text: string;
  what?: string;
  blocked?: string;
}) {
  const [copied, setCopied] = useState<'copied' | 'failed'>();
  return (
    <span css={{ display: 'inline-flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' }}>
      <Button
        variant="secondary"
        onClick={() => {
          if (!navigator.clipboard) {
            setCopied('failed');
            return;
          }
          navigator.clipboard.writeText(text).then(
            () => setCopied('copied'),
            () => setCopied('failed'),
          );
        }}
      >
        {copyMessages.copy}
        {what ? <span css={visuallyHidden}> {what}</span> : null}
      </Button>
      <span role="status">
        {copied === 'copied' ? copyMessages.copied : copied === 'failed' ? blocked : ''}
      </span>
    </span>
  );
}
