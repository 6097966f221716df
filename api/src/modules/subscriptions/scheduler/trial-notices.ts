import { claimEndedTrialNotices } from '../../people/organization-repository.js';
import { trialEndedEmail } from '../subscription-emails.js';
import type { BillingSchedulerContext } from './scheduler-context.js';
import { tellAdmins } from './tell-admins.js';

/** Tells the admins of each organization whose trial ended without a plan, once (a notice row decides). */
export async function noticeEndedTrials(context: BillingSchedulerContext): Promise<number> {
  const organizations = await claimEndedTrialNotices(context.database, context.now());
  for (const organizationId of organizations) await tellAdmins(context, organizationId, trialEndedEmail);
  return organizations.length;
}
