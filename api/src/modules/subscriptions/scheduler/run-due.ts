import { claimDueSubscription } from '../subscription-repository.js';
import { type RenewalOutcome, renew } from './renewal.js';
import type { BillingSchedulerContext } from './scheduler-context.js';
import { noticeEndedTrials } from './trial-notices.js';

/** How long a claimed renewal is left to the process that claimed it before another may take it over. */
const claimLeaseMinutes = 10;

/** Does everything due now; answers what it did (for tests and the log). */
export async function runDue(
  context: BillingSchedulerContext,
  limit = 100,
): Promise<{ renewals: RenewalOutcome[]; trialNotices: number }> {
  const { database, log, now, startTrialPlans } = context;
  const renewals: RenewalOutcome[] = [];
  for (let index = 0; index < limit; index += 1) {
    // Claims one due subscription for this process (a lease), or none.
    const due = await claimDueSubscription(database, { now: now(), leaseMinutes: claimLeaseMinutes });
    if (!due) break;
    try {
      renewals.push(await renew(context, due));
    } catch (error) {
      // Left to its lease: another run takes it over; the gateway's idempotency keeps the charge single.
      log.error({ err: error, organizationId: due.organizationId }, 'a subscription renewal failed');
    }
  }
  // Plans picked during a trial start before the notices, so a started one is not told its trial just ended.
  await startTrialPlans?.();
  return { renewals, trialNotices: await noticeEndedTrials(context) };
}
