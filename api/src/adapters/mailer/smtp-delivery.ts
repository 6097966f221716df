import nodemailer from 'nodemailer';
import type { OutboxMessage } from './email-outbox-repository.js';

export interface SmtpSettings {
  /** `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://...:465` (TLS from the start). */
  url: string;
  /** The From header, such as `Dcipher <no-reply@dcipher.io>`. */
  from: string;
}

/** Hands one stored message to a mail server; rejects when it is not accepted. */
export interface EmailDelivery {
  deliver(message: OutboxMessage): Promise<void>;
  /**
   * What to record and log about a failed try: the error's code, the SMTP reply code and the first line of its
   * message, at most 300 characters, with the SMTP password masked should a server ever echo them.
   */
  describeError(error: unknown): string;
}

/**
 * No stage of one try may outlast the sender's lease on the message (`EmailSenderOptions.leaseSeconds`), or
 * another process would take it over and send it a second time.
 */
export const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Delivers through an SMTP server with nodemailer, under the message's outbox id, which also names it in its
 * Message-ID header. One connection per message: transactional mail is rare enough that a pool would only hold
 * sockets open. nodemailer's own logging stays off, as it would print message bodies, and they carry one-time
 * tokens.
 */
export function createSmtpDelivery(settings: SmtpSettings): EmailDelivery {
  const transport = nodemailer.createTransport(settings.url, { from: settings.from, ...smtpTimeouts });
  const senderDomain = /@([^>\s]+)>?\s*$/.exec(settings.from)?.[1] ?? 'dcipher.io';
  const secrets = credentialsOf(settings.url);

  return {
    async deliver(message) {
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        messageId: `<${message.id}@${senderDomain}>`,
        headers: { ...message.headers, ...(message.tag && { 'X-Dcipher-Email-Tag': message.tag }) },
      });
    },

    describeError(error) {
      const details = (error ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
      const firstLine = String(details.message ?? error).split(/\r?\n/)[0] ?? '';
      const parts = [
        typeof details.code === 'string' ? details.code : undefined,
        typeof details.responseCode === 'number' ? `SMTP ${details.responseCode}` : undefined,
        firstLine,
      ].filter((part) => part !== undefined && part !== '');
      let description = parts.join(': ');
      for (const secret of secrets) description = description.split(secret).join('***');
      return description.slice(0, 300);
    },
  };
}

/** The password of an SMTP URL, as written and decoded, which no record or log line may show. */
function credentialsOf(url: string): string[] {
  const password = URL.canParse(url) ? new URL(url).password : '';
  if (password === '') return [];
  let decoded = password;
  try {
    decoded = decodeURIComponent(password);
  } catch {
    // Not valid percent-encoding: nodemailer uses it as written.
  }
  return [...new Set([password, decoded])].sort((a, b) => b.length - a.length);
}
