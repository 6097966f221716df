import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Queryable } from '../../db/database.js';
import { insertOutboxMessage } from './email-outbox-repository.js';
import { assertSendable, type Mailer } from './mailer.js';

export interface SmtpMailerSettings {
  /** `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://...:465` (TLS from the start). */
  url: string;
  /** The From header, such as `Dcipher <no-reply@dcipher.io>`. */
  from: string;
}

/**
 * Delivers through an SMTP server with nodemailer, then records the message in `email_outbox` for audit (under
 * the same id, which also names the message in its Message-ID header). One connection per message: transactional
 * mail is rare enough that a pool would only hold sockets open. nodemailer's own logging stays off, as it would
 * print message bodies, and they carry one-time tokens.
 */
export function createSmtpMailer(settings: SmtpMailerSettings, database: Queryable): Mailer {
  const transport = nodemailer.createTransport(settings.url, { from: settings.from });
  const senderDomain = /@([^>\s]+)>?\s*$/.exec(settings.from)?.[1] ?? 'dcipher.io';

  return {
    async send(message) {
      assertSendable(message);
      const id = randomUUID();
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        messageId: `<${id}@${senderDomain}>`,
        headers: { ...message.headers, ...(message.tag && { 'X-Dcipher-Email-Tag': message.tag }) },
      });
      await insertOutboxMessage(database, id, message);
      return { id };
    },
  };
}
