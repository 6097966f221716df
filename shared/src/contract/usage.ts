import * as v from 'valibot';
import { fileFormats, usageCategories } from '../domain/enumerations.js';
import { idempotencyKeyField } from '../validation/fields.js';
import { validationMessages } from '../validation/messages.js';
import { defineEndpoint } from './endpoint.js';

/**
 * Usage and limits (docs/decisions/0042): use per usage category over the current period, against what the plan and
 * its add-ons include; past that, pay-as-you-go usage is paid from the wallet.
 */

const category = v.picklist(usageCategories, 'Please choose a usage category from the price list.');
const quantity = v.pipe(
  v.number('Please enter a number of units.'),
  v.integer('Please enter a whole number of units.'),
  v.minValue(1, 'Please enter at least 1 unit.'),
  v.maxValue(100_000_000, 'Please enter at most 100,000,000 units.'),
);
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const UsageLineSchema = v.object({
  /** The quota's label (spec section 3) and the usage category it counts. */
  label: v.string(),
  usageCategory: v.picklist(usageCategories),
  unit: v.string(),
  /** What the plan includes this period, and what add-ons add. */
  included: count,
  addOns: count,
  used: count,
  remaining: count,
  /** Whole percent of plan and add-ons used; past 100 when pay-as-you-go usage was bought. */
  percentUsed: count,
});
export type UsageLine = v.InferOutput<typeof UsageLineSchema>;

export const UsageDetailsSchema = v.object({
  periodStart: v.string(),
  periodEnd: v.string(),
  lines: v.array(UsageLineSchema),
});
export type UsageDetails = v.InferOutput<typeof UsageDetailsSchema>;

export const getUsageDetails = defineEndpoint({
  operation: 'getUsageDetails',
  errors: [],
  summary: "This period's use of each quota against the plan and its add-ons",
  method: 'GET',
  path: '/resource/details',
  auth: 'bearer',
  permission: { resource: 'subscription', action: 'read' },
  acceptsApiKey: true,
  response: UsageDetailsSchema,
});

export const getAddOnUsageDetails = defineEndpoint({
  operation: 'getAddOnUsageDetails',
  errors: [],
  summary: "How much of each add-on's extra allowance this period's use has taken",
  method: 'GET',
  path: '/resource/addOnUsageDetails',
  auth: 'bearer',
  permission: { resource: 'add-on-packages', action: 'read' },
  response: v.array(
    v.object({
      usageCategory: v.picklist(usageCategories),
      unit: v.string(),
      addOns: count,
      usedOfAddOns: count,
    }),
  ),
});

export const maxUploadBytes = 1024 * 1024 * 1024;

export const getMaxFileSize = defineEndpoint({
  operation: 'getMaxFileSize',
  errors: [],
  summary: 'The largest file any plan accepts, in bytes (each plan may allow less: see validateFile)',
  method: 'GET',
  path: '/resource/maxFileSize',
  auth: 'public',
  response: v.object({ bytes: count }),
});

export const UsageCheckInputSchema = v.object({ usageCategory: category, quantity });

export const UsageCheckSchema = v.object({
  allowed: v.boolean(),
  /** Left of plan and add-ons before this use. */
  remaining: count,
  /** Credits this use would take from the wallet (the part past the quota), and the wallet's balance. */
  creditsNeeded: count,
  balance: v.pipe(v.number(), v.integer()),
  /** Why it is not allowed. */
  reason: v.optional(v.string()),
});
export type UsageCheck = v.InferOutput<typeof UsageCheckSchema>;

export const validateLimit = defineEndpoint({
  operation: 'validateLimit',
  errors: [],
  summary: 'Whether an amount of use fits the quota, or what it would take from the wallet',
  method: 'POST',
  path: '/resource/validateLimit',
  auth: 'bearer',
  permission: { resource: 'subscription', action: 'read' },
  acceptsApiKey: true,
  body: { name: 'usageCheckInput', schema: UsageCheckInputSchema },
  response: UsageCheckSchema,
});

/**
 * The product's services check and record use with an organization's API key (docs/decisions/0042: the spec marks
 * these "no auth"; recording use against any organization without proof would let anyone drain its wallet).
 */
export const validateActivity = defineEndpoint({
  operation: 'validateActivity',
  errors: [],
  summary: 'Like validateLimit, for the product services (an API key of the organization)',
  method: 'POST',
  path: '/resource/validateActivity',
  auth: 'bearer',
  permission: { resource: 'subscription', action: 'read' },
  acceptsApiKey: true,
  body: { name: 'activityCheckInput', schema: UsageCheckInputSchema },
  response: UsageCheckSchema,
});

export const recordActivity = defineEndpoint({
  operation: 'recordActivity',
  errors: ['INSUFFICIENT_CREDITS'],
  summary:
    'Record use: counted against the quota, and past it paid from the wallet at the pay-as-you-go price; refused ' +
    'when the wallet cannot pay (an API key of the organization, or an admin)',
  method: 'POST',
  path: '/resource/recordActivity',
  auth: 'bearer',
  permission: { resource: 'wallet-transaction', action: 'create' },
  acceptsApiKey: true,
  body: {
    name: 'activityInput',
    schema: v.object({
      usageCategory: category,
      quantity,
      /** The same use sent twice (a retry) is counted once. */
      idempotencyKey: idempotencyKeyField,
    }),
  },
  response: v.object({
    recorded: v.literal(true),
    creditsCharged: count,
    balance: v.pipe(v.number(), v.integer()),
  }),
});

export const validateFile = defineEndpoint({
  operation: 'validateFile',
  errors: [],
  summary: "Whether a file may be uploaded: its format, and its size against the plan's largest file",
  method: 'POST',
  path: '/resource/validateFile',
  auth: 'bearer',
  permission: { resource: 'file', action: 'create' },
  acceptsApiKey: true,
  body: {
    name: 'fileCheckInput',
    schema: v.object({
      fileName: v.pipe(
        v.string(validationMessages.required),
        v.trim(),
        v.nonEmpty(validationMessages.required),
        v.maxLength(255),
      ),
      bytes: v.pipe(v.number('Please send the size in bytes.'), v.integer(), v.minValue(0)),
    }),
  },
  response: v.object({
    allowed: v.boolean(),
    maxBytes: count,
    format: v.nullable(v.picklist(fileFormats)),
    reason: v.optional(v.string()),
  }),
});
