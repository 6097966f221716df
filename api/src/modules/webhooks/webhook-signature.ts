import { createHmac, randomBytes } from 'node:crypto';
import { webhookSecretPrefix } from '@dcipher/shared/contract';

/** A new endpoint secret: `whsec_` and the base64 of 32 random bytes (the Standard Webhooks form). */
export const newWebhookSecret = () => `${webhookSecretPrefix}${randomBytes(32).toString('base64')}`;

/**
 * The headers that sign one attempt as the Standard Webhooks specification says: the HMAC-SHA256, keyed with the
 * secret's bytes (the base64 after `whsec_`), of `<webhook-id>.<webhook-timestamp>.<body>`, in base64, versioned
 * `v1,`. The timestamp is the attempt's (Unix seconds), so a receiver can refuse replays of old messages.
 */
export function webhookSignatureHeaders(
  secret: string,
  message: { id: string; timestampSeconds: number; body: string },
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const key = Buffer.from(secret.slice(webhookSecretPrefix.length), 'base64');
  const signed = `${message.id}.${message.timestampSeconds}.${message.body}`;
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(message.timestampSeconds),
    'webhook-signature': `v1,${createHmac('sha256', key).update(signed).digest('base64')}`,
  };
}
