import type { FastifyBaseLogger } from 'fastify';
import { type Mailer, sendLoggingFailure } from '../../adapters/mailer/mailer.js';
import type { Database } from '../../db/database.js';
import { trialReactivationEmail } from './trial-emails.js';
import { SubscriptionAlreadyActiveError, TrialReactivationFailedError } from './trial-errors.js';
import { issueTrialReactivationLinks, reactivateTrialWithToken } from './trial-reactivation-tokens.js';

export interface TrialServiceDependencies {
  database: Database;
  mailer: Mailer;
  /** The marketing site's public URL (`WEB_URL`), where the emailed links lead. */
  webUrl: string;
  log: FastifyBaseLogger;
}

/** Free trial reactivation: the staff-run email campaign and the emailed link that restarts a trial. */
export function createTrialService({ database, mailer, webUrl, log }: TrialServiceDependencies) {
  return {
    /**
     * Emails every eligible admin of the organizations due a reactivation email; answers how many emails were
     * handed to the mailer. One failed send is logged and skipped: the others still go, and that organization is
     * due again in 30 days.
     */
    async sendReactivationEmails(endedBefore: Date | undefined): Promise<{ sent: number }> {
      const links = await issueTrialReactivationLinks(database, endedBefore);
      let sent = 0;
      for (const link of links) {
        if (await sendLoggingFailure(mailer, trialReactivationEmail(link.email, webUrl, link.token), log)) {
          sent += 1;
        }
      }
      return { sent };
    },

    async reactivateTrial(token: string): Promise<{ trialEndsAt: string }> {
      const result = await reactivateTrialWithToken(database, token);
      if (result.outcome === 'alreadyActive') throw new SubscriptionAlreadyActiveError();
      if (result.outcome === 'invalid') throw new TrialReactivationFailedError();
      return { trialEndsAt: result.trialEndsAt };
    },
  };
}

export type TrialService = ReturnType<typeof createTrialService>;
