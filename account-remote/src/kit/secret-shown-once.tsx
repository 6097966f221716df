import { Button, Notice, theme } from '@dcipher/shared/ui';
import { type ReactNode, useId, useState } from 'react';

/**
 * A whole secret, shown once (an API key's, a webhook endpoint's signing secret): what it is, the secret in a
 * read-only field that selects itself, Copy (with a fallback when the clipboard is blocked) and "I have saved it".
 */
export function SecretShownOnce({
  message,
  label,
  secret,
  testId,
  onDone,
}: {
  message: ReactNode;
  label: string;
  secret: string;
  testId: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState<'copied' | 'failed'>();
  const secretId = useId();
  return (
    <Notice>
      <p css={{ marginTop: 0, fontWeight: 600 }}>{message}</p>
      <label htmlFor={secretId} css={{ display: 'block', fontWeight: 600, marginBottom: '0.35rem' }}>
        {label}
      </label>
      <input
        id={secretId}
        readOnly
        value={secret}
        data-testid={testId}
        onFocus={(event) => event.currentTarget.select()}
        css={{
          width: '100%',
          boxSizing: 'border-box',
          font: '0.95rem ui-monospace, monospace',
          padding: '0.6rem 0.75rem',
          borderRadius: theme.radius,
          border: `1px solid ${theme.colors.border}`,
          marginBottom: '0.75rem',
        }}
      />
      <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          variant="secondary"
          onClick={() => {
            // Absent outside secure contexts and in some embedded browsers.
            if (!navigator.clipboard) {
              setCopied('failed');
              return;
            }
            navigator.clipboard.writeText(secret).then(
              () => setCopied('copied'),
              () => setCopied('failed'),
            );
          }}
        >
          Copy
        </Button>
        <Button onClick={onDone}>I have saved it</Button>
        {copied === 'copied' ? <span>Copied.</span> : null}
        {copied === 'failed' ? <span>Copying is blocked here: select the secret and copy it.</span> : null}
      </div>
    </Notice>
  );
}
