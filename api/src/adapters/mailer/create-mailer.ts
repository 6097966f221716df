import type { Queryable } from '../../db/database.js';
import type { Mailer } from './mailer.js';
import { createOutboxMailer } from './outbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

export interface MailSettings {
  /** The From header of every message. */
  from: string;
  /** When set, messages are delivered through this SMTP server; otherwise they only go to the outbox. */
  smtpUrl?: string;
}

/** The configured mailer: SMTP when `smtpUrl` is set, else the outbox alone. */
export function createMailer(settings: MailSettings, database: Queryable): Mailer {
  return settings.smtpUrl
    ? createSmtpMailer({ url: settings.smtpUrl, from: settings.from }, database)
    : createOutboxMailer(database);
}
