import * as v from 'valibot';
import { emailMaxLength, requiredText } from '../validation/fields.js';
import { marketingEmailMessages, tooLong, validationMessages } from '../validation/messages.js';
import { defineEndpoint } from './endpoint.js';

/**
 * The marketing and reminder email senders (internal admins, or a scheduler signed in with a staff account) and
 * the unsubscribe link of marketing emails. See docs/decisions/0018-marketing-emails.md.
 */

/** How many users a sender emailed in this run; a re-run sends nothing to anyone already emailed. */
export const SentEmailsReceiptSchema = v.object({ sent: v.pipe(v.number(), v.integer(), v.minValue(0)) });
export type SentEmailsReceipt = v.InferOutput<typeof SentEmailsReceiptSchema>;

export const featureUpdatesMax = 10;
export const featureUpdateUrlMaxLength = 2000;

/** One line of text: line breaks and runs of spaces become one space (a subject must not break a header). */
const oneLine = (maxLength: number) =>
  v.pipe(
    requiredText(maxLength),
    v.transform((value) => value.replace(/\s+/g, ' ')),
  );

/** An absolute http(s) URL: what the email's links may point at. */
const httpUrl = v.pipe(
  v.string(validationMessages.required),
  v.trim(),
  v.nonEmpty(validationMessages.required),
  v.maxLength(featureUpdateUrlMaxLength, tooLong(featureUpdateUrlMaxLength)),
  v.regex(/^https?:\/\/\S+$/i, validationMessages.invalidUrl),
  v.url(validationMessages.invalidUrl),
);

export const FeatureUpdateItemSchema = v.object({
  title: oneLine(200),
  abstract: requiredText(1000),
  url: httpUrl,
});

/**
 * A product-updates digest. `campaign` identifies it (the feature update's slug, say): each consenting user gets
 * one campaign at most once, so posting the same campaign again sends nothing new.
 */
export const FeatureUpdatesCampaignSchema = v.object({
  campaign: oneLine(100),
  subject: oneLine(150),
  updates: v.pipe(
    v.array(FeatureUpdateItemSchema, validationMessages.required),
    v.minLength(1, validationMessages.required),
    v.maxLength(featureUpdatesMax, marketingEmailMessages.tooManyFeatureUpdates),
  ),
});
export type FeatureUpdatesCampaign = v.InferInput<typeof FeatureUpdatesCampaignSchema>;

export const sendDiscoverDcipherEmails = defineEndpoint({
  operation: 'sendDiscoverDcipherEmails',
  errors: [],
  summary:
    'Email "Discover Dcipher" to consenting users who signed up in the last 14 days and have not had it (internal admins)',
  method: 'POST',
  path: '/send-discover-dcipher-emails',
  auth: 'bearer',
  permission: 'internal-admin',
  response: SentEmailsReceiptSchema,
});

export const sendFeatureUpdatesEmails = defineEndpoint({
  operation: 'sendFeatureUpdatesEmails',
  errors: [],
  summary: 'Email a product-updates digest to every consenting user, once per campaign (internal admins)',
  method: 'POST',
  path: '/send-feature-updates-emails',
  auth: 'bearer',
  permission: 'internal-admin',
  body: { name: 'featureUpdatesCampaign', schema: FeatureUpdatesCampaignSchema },
  response: SentEmailsReceiptSchema,
});

export const sendEmailVerificationReminder = defineEndpoint({
  operation: 'sendEmailVerificationReminder',
  errors: [],
  summary:
    'Remind users who signed up over 24 hours ago and never confirmed their address, once, with a fresh link (internal admins)',
  method: 'POST',
  path: '/send-email-verification-reminder',
  auth: 'bearer',
  permission: 'internal-admin',
  response: SentEmailsReceiptSchema,
});

// Whatever is wrong with an unsubscribe link (no token, a mangled address), the reader learns one thing: this
// link is not valid. Hence no "This field is required" here: a missing token reads as an empty, invalid one.

/** The address of an unsubscribe link, lower-cased as the token was computed over it. */
const unsubscribeAddress = v.pipe(
  v.string(marketingEmailMessages.unsubscribeLinkInvalid),
  v.trim(),
  v.maxLength(emailMaxLength, marketingEmailMessages.unsubscribeLinkInvalid),
  v.email(marketingEmailMessages.unsubscribeLinkInvalid),
  v.toLowerCase(),
);

/** The token of an unsubscribe link: an HMAC-SHA256, in hex. Anything else is not a link we sent. */
const unsubscribeToken = v.pipe(
  v.optional(v.string(marketingEmailMessages.unsubscribeLinkInvalid), ''),
  v.regex(/^[0-9a-f]{64}$/i, marketingEmailMessages.unsubscribeLinkInvalid),
);

export const UnsubscribeReceiptSchema = v.object({ email: v.string(), unsubscribed: v.literal(true) });
export type UnsubscribeReceipt = v.InferOutput<typeof UnsubscribeReceiptSchema>;

/**
 * The unsubscribe link of marketing emails (the site's /unsubscribe page calls it once the reader confirms).
 * Public: the token proves the link came from one of our emails to that address. Idempotent.
 */
export const unsubscribeEmail = defineEndpoint({
  operation: 'unsubscribeEmail',
  errors: ['UNSUBSCRIBE_LINK_INVALID'],
  summary: 'Stop marketing emails to an address, with the token from the link in one of them',
  method: 'DELETE',
  path: '/emailunsubscribes/{email}',
  auth: 'public',
  params: v.object({ email: unsubscribeAddress }),
  query: v.object({ token: unsubscribeToken }),
  response: UnsubscribeReceiptSchema,
});
