import { Button, Notice, theme } from '@dcipher/shared/ui';
import { type ReactNode, useId } from 'react';
import { CopyButton } from './copy-button';

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
        <CopyButton text={secret} blocked="Copying is blocked here: select the secret and copy it." />
        <Button onClick={onDone}>I have saved it</Button>
      </div>
    </Notice>
  );
}
