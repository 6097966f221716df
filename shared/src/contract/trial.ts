import * as v from 'valibot';
import { freeTrialDays } from '../domain/constants.js';
import { validationMessages } from '../validation/messages.js';
import { defineEndpoint } from './endpoint.js';

/** The answer to a staff caller whose `endedBefore` is not a date. */
export const invalidEndedBeforeMessage =
  'endedBefore must be a date (YYYY-MM-DD) or a timestamp with a time zone (ISO 8601)';

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** A real calendar date, alone or with a time and a zone (a time without a zone would be ambiguous). */
function isIsoDateOrTimestamp(value: string): boolean {
  const match = isoDatePattern.exec(value);
  if (!match || Number.isNaN(Date.parse(value))) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.parse rolls 2026-02-30 over into March; a real date survives the round trip.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Optional filter of the trial reactivation run: only organizations whose trial ended before this instant (a date
 * alone means its midnight UTC). Trials that have not ended yet are never included, whatever it says.
 */
export const SendTrialReactivationEmailsInputSchema = v.object({
  endedBefore: v.optional(
    v.pipe(
      v.string(invalidEndedBeforeMessage),
      v.check(isIsoDateOrTimestamp, invalidEndedBeforeMessage),
      v.transform((value) => new Date(value)),
    ),
  ),
});
export type SendTrialReactivationEmailsInput = v.InferInput<typeof SendTrialReactivationEmailsInputSchema>;

/**
 * Internal admins only (docs/decisions/0017): a scheduler calls it with a staff account. The spec lists it
 * without (A); it takes the bearer token, as nobody may make the API email customers anonymously.
 */
export const sendTrialReactivationEmails = defineEndpoint({
  operation: 'sendTrialReactivationEmails',
  errors: [],
  summary:
    'Email the admins of organizations whose free trial ended a one-time link (valid 7 days) to restart it; ' +
    'each organization at most once per 30 days (internal admins)',
  method: 'POST',
  path: '/send-trial-reactivation-emails',
  auth: 'bearer',
  permission: 'internal-admin',
  body: { name: 'sendTrialReactivationEmailsInput', schema: SendTrialReactivationEmailsInputSchema },
  response: v.object({ sent: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
});

/** The page at /reactivate-trial?token=…: the token from the emailed link. */
export const ReactivateTrialInputSchema = v.object({
  token: v.pipe(v.string(validationMessages.required), v.nonEmpty(validationMessages.required)),
});
export type ReactivateTrialInput = v.InferInput<typeof ReactivateTrialInputSchema>;

/** When the restarted free trial ends (ISO 8601). */
export const TrialReactivationSchema = v.object({ trialEndsAt: v.string() });
export type TrialReactivation = v.InferOutput<typeof TrialReactivationSchema>;

export const reactivateTrial = defineEndpoint({
  operation: 'reactivateTrial',
  errors: ['SUBSCRIPTION_ALREADY_ACTIVE', 'TRIAL_REACTIVATION_FAILED'],
  summary: `Restart an organization's ended free trial for ${freeTrialDays} days with the token from the emailed link`,
  method: 'POST',
  path: '/reactivate-trial',
  auth: 'public',
  body: { name: 'reactivateTrialInput', schema: ReactivateTrialInputSchema },
  response: TrialReactivationSchema,
});
