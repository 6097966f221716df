import type { FeatureUpdatesCampaignSchema } from '@dcipher/shared/contract';
import { freeTrialDays } from '@dcipher/shared/domain';
import { emailLinks } from '@dcipher/shared/routes';
import type * as v from 'valibot';
import { renderEmailLayout } from '../../adapters/mailer/email-layout.js';
import type { EmailMessage } from '../../adapters/mailer/mailer.js';
import { emailVerificationLinkLifetimeHours } from '../registration/email-verification-tokens.js';

// None of these emails repeats what someone typed at sign-up (a name, a company): the address's owner confirmed
// the address, not the rest, and the emails need none of it.

const marketingFooter =
  'You received this email because you agreed to receive product news from Dcipher when you signed up.';

/**
 * What every marketing email carries: the visible unsubscribe link (in the footer of both parts) and the
 * `List-Unsubscribe` header, which mail clients show as their own "Unsubscribe" button.
 */
function marketingParts(unsubscribeUrl: string) {
  return {
    footer: { footer: marketingFooter, unsubscribeUrl },
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` },
  };
}

/** The product pages the onboarding email points to, as the site's home page describes them. */
const products = [
  {
    title: 'Dcipher Studio',
    path: '/products/dcipher-studio',
    text:
      'Drop in survey answers, reviews, interviews or news and get themes, sentiment and trends you can trace ' +
      'back to the source sentence.',
  },
  {
    title: 'Dcipher Workflows',
    path: '/products/dcipher-workflows',
    text:
      'Run predefined analyses or build your own, schedule them daily or weekly, and have the results land ' +
      'where your team works.',
  },
  {
    title: 'Dcipher Insight Booster',
    path: '/products/dcipher-insight-booster',
    text:
      'Turn a project into a written report with templates your stakeholders recognise, using the language ' +
      'model you choose.',
  },
];

/** Onboarding, once, to a consenting user in their first 14 days: what the three products do. */
export function discoverDcipherEmail(to: string, webUrl: string, unsubscribeUrl: string): EmailMessage {
  const { footer, headers } = marketingParts(unsubscribeUrl);
  return {
    to,
    subject: 'Discover Dcipher: Studio, Workflows and Insight Booster',
    tag: 'discover-dcipher',
    headers,
    ...renderEmailLayout({
      preheader: 'Three ways to turn text into insight: Studio, Workflows and Insight Booster.',
      heading: 'Discover Dcipher',
      paragraphs: [
        'Welcome aboard. Here is what you can do with Dcipher, from a first analysis to a finished report.',
      ],
      items: products.map((product) => ({
        title: product.title,
        text: product.text,
        url: `${webUrl}${product.path}`,
        linkLabel: `Explore ${product.title}`,
      })),
      action: { label: 'Log in to Dcipher', url: emailLinks.login(webUrl) },
      ...footer,
    }),
  };
}

export type FeatureUpdatesCampaignInput = v.InferOutput<typeof FeatureUpdatesCampaignSchema>;

/** The product-updates digest, as an internal admin wrote it; every text is escaped by the layout. */
export function featureUpdatesEmail(
  to: string,
  webUrl: string,
  campaign: FeatureUpdatesCampaignInput,
  unsubscribeUrl: string,
): EmailMessage {
  const { footer, headers } = marketingParts(unsubscribeUrl);
  return {
    to,
    subject: campaign.subject,
    tag: 'feature-updates',
    headers,
    ...renderEmailLayout({
      preheader: campaign.updates.map((update) => update.title).join(' · '),
      heading: campaign.subject,
      paragraphs: ['Here is what is new in Dcipher.'],
      items: campaign.updates.map((update) => ({
        title: update.title,
        text: update.abstract,
        url: update.url,
        linkLabel: 'Read the update',
      })),
      action: { label: 'See all product updates', url: emailLinks.productUpdates(webUrl) },
      ...footer,
    }),
  };
}

/**
 * To someone who signed up over a day ago and never confirmed: a fresh link (the first one may have expired).
 * About their account, not marketing: no consent needed and no unsubscribe link.
 */
export function verificationReminderEmail(to: string, webUrl: string, token: string): EmailMessage {
  const url = emailLinks.verifyEmail(webUrl, token);
  return {
    to,
    subject: 'Reminder: confirm your email address for Dcipher',
    tag: 'email-verification-reminder',
    ...renderEmailLayout({
      preheader: 'One click and your free trial is ready to use.',
      heading: 'You are one step away',
      paragraphs: [
        'You signed up for Dcipher but have not confirmed your email address yet. Confirm it to log in and use ' +
          `your ${freeTrialDays}-day free trial.`,
        `This new link expires in ${emailVerificationLinkLifetimeHours} hours; links in earlier emails no longer ` +
          'work.',
      ],
      action: { label: 'Confirm email address', url },
      footer:
        'You received this email because someone signed up for Dcipher with this address. If that was not you, ' +
        'ignore it: the account cannot be used without confirming.',
    }),
  };
}
