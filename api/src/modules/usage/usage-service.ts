import type { UsageCheck, UsageDetails, UsageLine } from '@dcipher/shared/contract';
import { errorCodes, maxUploadBytes } from '@dcipher/shared/contract';
import { type FileFormat, fileFormats, trialPlanOf, type UsageCategory } from '@dcipher/shared/domain';
import { renderEmailLayout } from '../../adapters/mailer/email-layout.js';
import type { Mailer } from '../../adapters/mailer/mailer.js';
import type { Database, Queryable } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthenticatedUser } from '../../http/register-endpoint.js';
import { appendCreditEntry, creditBalance, payAsYouGoPrice } from '../credits/credit-repository.js';
import { findActiveAdmins } from '../people/membership-repository.js';
import { findOrganizationBilling, lockOrganization } from '../people/organization-repository.js';
import { findSubscription } from '../subscriptions/subscription-repository.js';
import {
  claimQuotaNotice,
  findPlanAllowance,
  findRecordedUsage,
  insertUsageRecord,
  sumAddOnQuantities,
  sumUsage,
  updateUsageRecord,
} from './usage-repository.js';

/**
 * The quotas that usage counts against (spec section 3's labels), each with the usage category it counts; a
 * category's sub-categories (`SocialMedia-twitter`) count towards it. LLM and translation have no quota: all their
 * use is pay-as-you-go.
 */
export const metered: readonly { label: string; category: UsageCategory; unit: string }[] = [
  { label: 'Social media posts', category: 'SocialMedia', unit: 'posts' },
  { label: 'News media articles', category: 'News', unit: 'articles' },
  { label: 'Landscape generation', category: 'LandscapeGeneration', unit: 'landscapes' },
  { label: 'Research bot interactions', category: 'ResearchBotAnswer', unit: 'answers' },
  { label: 'Knowledge base index texts', category: 'KnowledgeBaseTraining', unit: 'texts' },
  { label: 'Research agent tasks', category: 'ResearchAgentTask', unit: 'tasks' },
  {
    label: 'Report sections (cost-efficient models)',
    category: 'ReportSectionGenerationLowLLM',
    unit: 'sections',
  },
  {
    label: 'Report sections (state-of-the-art models)',
    category: 'ReportSectionGenerationHighLLM',
    unit: 'sections',
  },
  { label: 'LLM tokens', category: 'LLM', unit: 'tokens' },
  { label: 'Translation', category: 'GoogleTranslate', unit: 'characters' },
];

/** The quota a usage category counts against: itself, or its family (`News-opoint-news` → `News`). */
export const meteredCategoryOf = (category: UsageCategory): UsageCategory =>
  (category.split('-')[0] as UsageCategory) ?? category;

/** "10,000 per month" → 10000; "Unlimited"/"Custom" → undefined. */
const quotaNumber = (value: string): number | undefined => {
  const match = /^([\d,]+)/.exec(value);
  return match ? Number(match[1]!.replaceAll(',', '')) : undefined;
};
/** "50 MB" / "1 GB" → bytes. */
const sizeInBytes = (value: string): number | undefined => {
  const match = /^([\d,.]+)\s*(MB|GB)$/i.exec(value.trim());
  if (!match) return undefined;
  return Math.round(
    Number(match[1]!.replaceAll(',', '')) * (match[2]!.toUpperCase() === 'GB' ? 1024 ** 3 : 1024 ** 2),
  );
};

class InsufficientCreditsError extends ApiError<'INSUFFICIENT_CREDITS'> {
  constructor(needed: number, balance: number) {
    super(errorCodes.insufficientCredits, { params: { needed, balance } });
  }
}

export function createUsageService({
  database,
  mailer,
  webUrl,
}: {
  database: Database;
  mailer: Mailer;
  webUrl: string;
}) {
  /**
   * The current period and what its plan includes, per metered category. The free trial includes what the plan it
   * is of includes (docs/decisions/0085): the plan picked during the trial, else the one it was started from on the
   * pricing page, else the customer type's most complete self-serve plan; `GET /subscriptions/summary` names that plan as `trialIncludes`.
   */
  async function allowance(database: Queryable, organizationId: string) {
    const subscription = await findSubscription(database, organizationId);
    const live = subscription && subscription.status !== 'expired' ? subscription : undefined;
    const organization = await findOrganizationBilling(database, organizationId);
    const planId =
      live?.planId ??
      trialPlanOf(
        organization?.customerType ?? 'Business',
        organization?.trialPlanId ?? organization?.signupPlanId,
      );
    const plan = await findPlanAllowance(database, planId);
    const now = new Date();
    const trialEnd = organization?.trialEndsAt ?? now;
    const start = live?.currentPeriodStart ?? new Date(trialEnd.getTime() - 14 * 86_400_000);
    const end = live?.currentPeriodEnd ?? trialEnd;
    // Quotas are stated per month: an annual period includes twelve months of them; the trial (14 days) one month's,
    // whichever period the plan it is of has.
    const months = live && plan?.billingPeriod === 'annual' ? 12 : 1;
    const included = new Map<UsageCategory, number>();
    const maxFileBytes =
      sizeInBytes(plan?.quotas.find((quota) => quota.label === 'Max file size')?.value ?? '') ?? 0;
    // A plan states a number, or "Unlimited"/"Custom" (no limit).
    const customWorkflowValue = plan?.quotas.find((quota) => quota.label === 'Custom workflow quota')?.value;
    const customWorkflows =
      customWorkflowValue === undefined ? 0 : (quotaNumber(customWorkflowValue) ?? Number.POSITIVE_INFINITY);
    for (const line of metered) {
      const value = plan?.quotas.find((quota) => quota.label === line.label)?.value;
      const amount = value === undefined ? 0 : (quotaNumber(value) ?? 0);
      included.set(line.category, value?.includes('per month') ? amount * months : amount);
    }
    const addOns = await sumAddOnQuantities(database, organizationId, { now, boughtBefore: end });
    const used = await sumUsage(database, organizationId, { start, end });
    const usedOf = (category: UsageCategory) =>
      used
        .filter((row) => meteredCategoryOf(row.category as UsageCategory) === category)
        .reduce((sum, row) => sum + row.quantity, 0);
    return {
      start,
      end,
      maxFileBytes,
      customWorkflows,
      included: (category: UsageCategory) => included.get(category) ?? 0,
      addOns: (category: UsageCategory) => addOns.find((row) => row.category === category)?.quantity ?? 0,
      used: usedOf,
    };
  }

  /** Credits for `over` units past the quota: the pay-as-you-go price per unit block, rounded up to a whole credit. */
  async function creditsFor(database: Queryable, category: UsageCategory, over: number): Promise<number> {
    if (over <= 0) return 0;
    const price = await payAsYouGoPrice(database, category);
    if (!price) return 0;
    const block = Number(/^([\d,]+)/.exec(price.unit)?.[1]?.replaceAll(',', '') ?? '1');
    return Math.ceil((over * price.usd) / block);
  }

  async function check(
    database: Queryable,
    organizationId: string,
    usageCategory: UsageCategory,
    quantity: number,
  ): Promise<UsageCheck> {
    const metric = meteredCategoryOf(usageCategory);
    const limits = await allowance(database, organizationId);
    const total = limits.included(metric) + limits.addOns(metric);
    const used = limits.used(metric);
    const remaining = Math.max(0, total - used);
    const over = Math.max(0, quantity - remaining);
    const creditsNeeded = await creditsFor(database, metric, over);
    const balance = await creditBalance(database, organizationId);
    const allowed = creditsNeeded <= balance;
    return {
      allowed,
      remaining,
      creditsNeeded,
      balance,
      ...(allowed
        ? {}
        : {
            reason: `This needs ${creditsNeeded} credits and your wallet has ${balance}. Buy credits to go on.`,
          }),
    };
  }

  async function warnAdmins(organizationId: string, label: string, threshold: 80 | 100, periodStart: Date) {
    const claimed = await claimQuotaNotice(database, {
      organizationId,
      kind: `quota-${threshold}`,
      noticeKey: `${label}:${periodStart.toISOString()}`,
    });
    if (!claimed) return;
    const heading =
      threshold === 100
        ? `You have used all of your ${label.toLowerCase()}`
        : `You have used 80 % of your ${label.toLowerCase()}`;
    const text =
      threshold === 100
        ? `Your plan's ${label.toLowerCase()} for this period are used up. Further use is paid from your wallet at the pay-as-you-go prices, or add an add-on.`
        : `Your organization has used 80 % of this period's ${label.toLowerCase()}. Past the quota, use is paid from your wallet.`;
    for (const admin of await findActiveAdmins(database, organizationId)) {
      await mailer.send({
        to: admin.email,
        subject: heading,
        tag: `quota-${threshold}`,
        ...renderEmailLayout({
          preheader: text,
          heading,
          paragraphs: [text],
          action: { label: 'See your usage', url: `${webUrl}/subscription` },
          footer: 'You received this email because you are an admin of a Dcipher organization.',
        }),
      });
    }
  }

  return {
    async details(user: AuthenticatedUser): Promise<UsageDetails> {
      const limits = await allowance(database, user.organizationId);
      const lines: UsageLine[] = metered.map(({ label, category, unit }) => {
        const included = limits.included(category);
        const addOns = limits.addOns(category);
        const used = limits.used(category);
        const total = included + addOns;
        return {
          label,
          usageCategory: category,
          unit,
          included,
          addOns,
          used,
          remaining: Math.max(0, total - used),
          percentUsed: total === 0 ? (used > 0 ? 100 : 0) : Math.floor((used * 100) / total),
        };
      });
      return { periodStart: limits.start.toISOString(), periodEnd: limits.end.toISOString(), lines };
    },

    async addOnDetails(user: AuthenticatedUser) {
      const limits = await allowance(database, user.organizationId);
      return metered
        .filter(({ category }) => limits.addOns(category) > 0)
        .map(({ category, unit }) => ({
          usageCategory: category,
          unit,
          addOns: limits.addOns(category),
          usedOfAddOns: Math.min(
            limits.addOns(category),
            Math.max(0, limits.used(category) - limits.included(category)),
          ),
        }));
    },

    check: (user: AuthenticatedUser, input: { usageCategory: UsageCategory; quantity: number }) =>
      check(database, user.organizationId, input.usageCategory, input.quantity),

    /** Records use in one transaction with the organization locked: the quota, the wallet and the ledger agree. */
    async record(
      user: AuthenticatedUser,
      input: { usageCategory: UsageCategory; quantity: number; idempotencyKey: string },
    ) {
      const result = await database.transaction(async (transaction) => {
        await lockOrganization(transaction, user.organizationId);
        const earlier = await findRecordedUsage(transaction, user.organizationId, input.idempotencyKey);
        if (earlier)
          return {
            creditsCharged: earlier.creditsCharged,
            crossed: [] as (80 | 100)[],
            start: new Date(0),
            label: '',
          };
        const metric = meteredCategoryOf(input.usageCategory);
        const limits = await allowance(transaction, user.organizationId);
        const total = limits.included(metric) + limits.addOns(metric);
        const before = limits.used(metric);
        const verdict = await check(transaction, user.organizationId, input.usageCategory, input.quantity);
        if (!verdict.allowed) throw new InsufficientCreditsError(verdict.creditsNeeded, verdict.balance);
        await insertUsageRecord(transaction, {
          organizationId: user.organizationId,
          usageCategory: input.usageCategory,
          quantity: input.quantity,
          creditsCharged: verdict.creditsNeeded,
          idempotencyKey: input.idempotencyKey,
        });
        const label = metered.find((line) => line.category === metric)?.label ?? metric;
        if (verdict.creditsNeeded > 0) {
          await appendCreditEntry(transaction, {
            organizationId: user.organizationId,
            kind: 'usage',
            credits: -verdict.creditsNeeded,
            description: `Pay-as-you-go ${label}: ${input.quantity.toLocaleString('en-GB')}`,
          });
        }
        const after = before + input.quantity;
        const crossed =
          total === 0
            ? []
            : ([80, 100] as const).filter(
                (threshold) => before * 100 < threshold * total && after * 100 >= threshold * total,
              );
        return { creditsCharged: verdict.creditsNeeded, crossed, start: limits.start, label };
      });
      for (const threshold of result.crossed)
        await warnAdmins(user.organizationId, result.label, threshold, result.start);
      return {
        recorded: true as const,
        creditsCharged: result.creditsCharged,
        balance: await creditBalance(database, user.organizationId),
      };
    },

    /** A file's format (by its name) and size against the plan's largest file. */
    async checkFile(user: AuthenticatedUser, { fileName, bytes }: { fileName: string; bytes: number }) {
      const limits = await allowance(database, user.organizationId);
      const extension = fileName.includes('.')
        ? fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase()
        : '';
      const format =
        (fileFormats as readonly string[]).includes(extension) && extension !== 'na'
          ? (extension as FileFormat)
          : null;
      const maxBytes = limits.maxFileBytes;
      if (!format) {
        return {
          allowed: false,
          maxBytes,
          format,
          reason: `This kind of file cannot be analysed. Upload one of: ${fileFormats.filter((entry) => entry !== 'na').join(', ')}.`,
        };
      }
      if (bytes > maxBytes) {
        return {
          allowed: false,
          maxBytes,
          format,
          reason: `This file is larger than your plan allows (${Math.round(maxBytes / 1024 ** 2)} MB).`,
        };
      }
      return { allowed: true, maxBytes, format };
    },

    maxFileSize: () => ({ bytes: maxUploadBytes }),

    /** The plan's largest file and its number of custom workflows (Infinity when unlimited). */
    async planLimits(queryable: Queryable, organizationId: string) {
      const limits = await allowance(queryable, organizationId);
      return { maxFileBytes: limits.maxFileBytes, customWorkflows: limits.customWorkflows };
    },

    /** The pay-as-you-go price in credits of `quantity` units of a category, before any quota. */
    payAsYouGoCredits: (queryable: Queryable, usageCategory: UsageCategory, quantity: number) =>
      creditsFor(queryable, meteredCategoryOf(usageCategory), quantity),

    /**
     * What using `quantity` units would take now: how many the quota still covers, how many are past it and the
     * credits those cost, against the wallet's balance. Writes nothing.
     */
    async quote(
      queryable: Queryable,
      organizationId: string,
      usageCategory: UsageCategory,
      quantity: number,
    ) {
      const verdict = await check(queryable, organizationId, usageCategory, quantity);
      const covered = Math.min(quantity, verdict.remaining);
      return {
        includedRemaining: verdict.remaining,
        covered,
        payable: quantity - covered,
        credits: verdict.creditsNeeded,
        balance: verdict.balance,
      };
    },

    /**
     * Reserves use of `quantity` units under `idempotencyKey` in the caller's transaction, which must have locked
     * the organization (`lockOrganization`): the usage record and the wallet's debit for the part past the quota.
     * Refuses with INSUFFICIENT_CREDITS when the wallet cannot pay. Answers what the quota covers and the credits
     * taken, for `settleReservation`.
     */
    async reserve(
      transaction: Queryable,
      input: {
        organizationId: string;
        usageCategory: UsageCategory;
        quantity: number;
        idempotencyKey: string;
        description: string;
      },
    ): Promise<{ covered: number; credits: number }> {
      if (input.quantity <= 0) return { covered: 0, credits: 0 };
      const verdict = await check(transaction, input.organizationId, input.usageCategory, input.quantity);
      if (!verdict.allowed) throw new InsufficientCreditsError(verdict.creditsNeeded, verdict.balance);
      await insertUsageRecord(transaction, {
        organizationId: input.organizationId,
        usageCategory: input.usageCategory,
        quantity: input.quantity,
        creditsCharged: verdict.creditsNeeded,
        idempotencyKey: input.idempotencyKey,
      });
      if (verdict.creditsNeeded > 0) {
        await appendCreditEntry(transaction, {
          organizationId: input.organizationId,
          kind: 'usage',
          credits: -verdict.creditsNeeded,
          description: input.description,
        });
      }
      return { covered: Math.min(input.quantity, verdict.remaining), credits: verdict.creditsNeeded };
    },

    /**
     * Brings a reservation down to what was used (`used` units, 0 for an error or a cancellation), in the caller's
     * transaction with the organization locked: the usage record says `used`, and the credits not needed come back
     * as a ledger entry. Answers the credits charged in the end.
     */
    async settleReservation(
      transaction: Queryable,
      input: {
        organizationId: string;
        usageCategory: UsageCategory;
        idempotencyKey: string;
        reserved: { quantity: number; covered: number; credits: number };
        used: number;
        description: string;
      },
    ): Promise<number> {
      const used = Math.min(Math.max(0, input.used), input.reserved.quantity);
      const payable = Math.max(0, used - input.reserved.covered);
      const charged = Math.min(
        input.reserved.credits,
        await creditsFor(transaction, meteredCategoryOf(input.usageCategory), payable),
      );
      if (input.reserved.quantity > 0) {
        await updateUsageRecord(transaction, {
          organizationId: input.organizationId,
          idempotencyKey: input.idempotencyKey,
          quantity: used,
          creditsCharged: charged,
        });
      }
      const refund = input.reserved.credits - charged;
      if (refund > 0) {
        await appendCreditEntry(transaction, {
          organizationId: input.organizationId,
          kind: 'usage',
          credits: refund,
          description: input.description,
        });
      }
      return charged;
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
