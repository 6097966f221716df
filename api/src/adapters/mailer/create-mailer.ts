import type { Queryable } from '../../db/database.js';
import { createEmailSender, type EmailSender, type EmailSenderOptions } from './email-sender.js';
import type { Mailer } from './mailer.js';
import { createOutboxMailer } from './outbox-mailer.js';
import { createSmtpDelivery } from './smtp-delivery.js';

export interface MailSettings {
  /** The From header of every message. */
  from: string;
  /** When set, messages are delivered through this SMTP server; otherwise they only go to the outbox. */
  smtpUrl?: string;
}

export interface ConfiguredMailer {
  /** What requests send with: it only stores the message (`createOutboxMailer`). */
  mailer: Mailer;
  /** With `smtpUrl`: delivers the queued messages in the background; the caller starts and stops it. */
  sender?: EmailSender;
}

/** The configured mail: the outbox alone, or the outbox as a queue that a background sender delivers by SMTP. */
export function createMailer(
  settings: MailSettings,
  database: Queryable,
  log: Parameters<typeof createEmailSender>[0]['log'],
  senderOptions: Partial<EmailSenderOptions> = {},
): ConfiguredMailer {
  if (!settings.smtpUrl) return { mailer: createOutboxMailer(database) };
  const sender = createEmailSender(
    { database, delivery: createSmtpDelivery({ url: settings.smtpUrl, from: settings.from }), log },
    senderOptions,
  );
  return { mailer: createOutboxMailer(database, sender), sender };
}
