/** One email to one recipient: both an HTML and a plain-text part (see `renderEmailLayout`). */
export interface EmailMessage {
  /** One address, such as `grace@example.com`. */
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What kind of email this is (`email-verification`, `password-reset`...): kept in the outbox to find it. */
  tag?: string;
  /**
   * Extra headers, such as `List-Unsubscribe` on marketing email. Names are letters, digits and dashes; values
   * one line. Kept in the outbox with the message.
   */
  headers?: Readonly<Record<string, string>>;
}

export interface SentEmail {
  /** The message's id in the `email_outbox` table (and in its Message-ID header when sent by SMTP). */
  id: string;
}

/**
 * Sends transactional email: `send` stores the message in the `email_outbox` table and resolves then, without
 * waiting for any mail server. With `SMTP_URL` a background sender delivers it, retrying with backoff; without,
 * the outbox is the delivery (docs/decisions/0009 and 0030). Rejects only when the message cannot be stored (a
 * database failure) or is not sendable (`assertSendable`); callers decide whether that fails their request.
 */
export interface Mailer {
  send(message: EmailMessage): Promise<SentEmail>;
}

/**
 * Sends an email whose failure must not fail the request that asked for it (the change is made either way, or
 * an error for one address and not another would tell them apart). A failure is logged with the message's tag,
 * never its content, and answered false; true when the email was queued.
 */
export async function sendLoggingFailure(
  mailer: Mailer,
  message: EmailMessage,
  log: { error(details: object, text: string): void },
): Promise<boolean> {
  try {
    await mailer.send(message);
    return true;
  } catch (error) {
    log.error({ err: error, tag: message.tag }, 'an email could not be queued');
    return false;
  }
}

const singleAddress = /^[^\s@<>,;"]+@[^\s@<>,;"]+$/;

/**
 * Refuses what would let user input add recipients or headers: a list of addresses, a display name, or a line
 * break in the subject or a header. Throws, since any of these is a bug in the caller rather than a user mistake.
 */
export function assertSendable(message: EmailMessage): void {
  if (!singleAddress.test(message.to)) throw new Error('email recipient must be one plain address');
  if (/[\r\n]/.test(message.subject)) throw new Error('email subject must be one line');
  if (message.tag !== undefined && !/^[a-z0-9-]{1,64}$/.test(message.tag)) {
    throw new Error('email tag must be kebab-case, at most 64 characters');
  }
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (!/^[A-Za-z][A-Za-z0-9-]{0,63}$/.test(name) || /[\r\n]/.test(value)) {
      throw new Error('email headers must be one-line values with plain names');
    }
  }
}
