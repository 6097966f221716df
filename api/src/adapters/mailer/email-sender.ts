import {
  claimDueOutboxMessages,
  markOutboxMessageSent,
  type OutboxMessage,
  recordOutboxFailure,
} from './email-outbox-repository.js';
import type { EmailDelivery } from './smtp-delivery.js';

export interface EmailSenderOptions {
  /**
   * How often the jobs module's `email.send-due` job looks at the queue besides the nudges (messages due for a
   * retry, another process's mail).
   */
  pollIntervalMilliseconds: number;
  /** Tries per message, the first included; then it is `failed`. */
  maxAttempts: number;
  /** The wait after the first failed try; it doubles after each further one. */
  firstRetryDelayMilliseconds: number;
  /** Messages one pass claims and delivers at once. */
  batchSize: number;
  /** How long a claimed message stays this sender's: longer than one SMTP try can take (`smtpTimeouts`). */
  leaseSeconds: number;
}

/**
 * 8 tries: after the first failure 30 s, then 1, 2, 4, 8, 16 and 32 minutes, so a message is given up about an
 * hour after it was queued (a password reset link lives one hour). The lease (2 minutes) outlasts the SMTP
 * timeouts (10 s to connect, 10 s for the greeting, 30 s of silence).
 */
export const defaultEmailSenderOptions: EmailSenderOptions = {
  pollIntervalMilliseconds: 5000,
  maxAttempts: 8,
  firstRetryDelayMilliseconds: 30_000,
  batchSize: 5,
  leaseSeconds: 120,
};

/** The wait before the next try after `attempts` failed ones, or undefined when the tries ran out. */
export function retryDelayMilliseconds(
  attempts: number,
  options: Pick<EmailSenderOptions, 'maxAttempts' | 'firstRetryDelayMilliseconds'>,
): number | undefined {
  if (attempts >= options.maxAttempts) return undefined;
  return options.firstRetryDelayMilliseconds * 2 ** (attempts - 1);
}

export interface EmailSender {
  /** Asks for a pass as soon as possible: a message was just queued. Never waits, never throws. */
  nudge(): void;
  /** Runs a pass now (or joins the running one) and resolves when no due message is left to claim. */
  sendDue(): Promise<void>;
  /** Resolves once the messages being delivered are done; nothing new is claimed after it. */
  stop(): Promise<void>;
}

interface SenderLog {
  info(details: object, text: string): void;
  warn(details: object, text: string): void;
  error(details: object, text: string): void;
}

/**
 * Delivers the queued messages of `email_outbox` in the background, so no request waits for a mail server
 * (docs/decisions/0030-email-queue.md). A pass runs when this process queued a message (`nudge`) and as the jobs
 * module's scheduled `email.send-due` job (docs/decisions/0059) in the worker; claiming with a lease (see
 * `claimDueOutboxMessages`) keeps them from sending one message twice. Logs name a message by id, tag and
 * attempt, never its recipient or body.
 */
export function createEmailSender(
  dependencies: {
    database: Parameters<typeof claimDueOutboxMessages>[0];
    delivery: EmailDelivery;
    log: SenderLog;
  },
  overrides: Partial<EmailSenderOptions> = {},
): EmailSender {
  const { database, delivery, log } = dependencies;
  const options = { ...defaultEmailSenderOptions, ...overrides };
  let running: Promise<void> | undefined;
  let passAgain = false;
  let stopped = false;

  async function deliverOne(message: OutboxMessage & { attempts: number }): Promise<void> {
    const context = { emailId: message.id, tag: message.tag, attempt: message.attempts };
    try {
      await delivery.deliver(message);
    } catch (error) {
      const description = delivery.describeError(error);
      const retryIn = retryDelayMilliseconds(message.attempts, options);
      await recordOutboxFailure(database, message.id, { error: description, retryInMilliseconds: retryIn });
      if (retryIn === undefined)
        log.error({ ...context, error: description }, 'an email could not be sent; giving up');
      else
        log.warn(
          { ...context, error: description, retryInMilliseconds: retryIn },
          'an email could not be sent; will retry',
        );
      return;
    }
    await markOutboxMessageSent(database, message.id);
  }

  async function drain(): Promise<void> {
    do {
      passAgain = false;
      for (;;) {
        if (stopped) return;
        const claimed = await claimDueOutboxMessages(database, {
          limit: options.batchSize,
          leaseSeconds: options.leaseSeconds,
        });
        if (claimed.length === 0) break;
        // Settled, not all: a stop must find every claimed message finished, even when one of them failed.
        const results = await Promise.allSettled(claimed.map(deliverOne));
        const failure = results.find((result) => result.status === 'rejected');
        if (failure) throw failure.reason;
      }
    } while (passAgain);
  }

  function pass(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      // A message queued while a pass is claiming may miss that claim: look once more when it ends.
      passAgain = true;
      return running;
    }
    running = drain()
      .catch((error: unknown) => {
        // The database failing: the next poll tries again.
        log.error({ err: error }, 'the email queue could not be read');
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    nudge() {
      // After the current request's own work: the claim then does not delay the answer being sent.
      setImmediate(() => void pass());
    },
    sendDue: pass,
    async stop() {
      stopped = true;
      await running;
    },
  };
}
