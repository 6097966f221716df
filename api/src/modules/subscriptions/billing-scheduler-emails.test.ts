// engines: any
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { sourceDirectory } from '../../test-support/api-paths.js';
import {
  paymentProblemEmail,
  planEndedEmail,
  planRenewedEmail,
  renewalFailedEmail,
  trialEndedEmail,
} from './subscription-emails.js';

const subscriptionsDirectory = path.join(sourceDirectory, 'modules', 'subscriptions');

/** The billing scheduler's sources: `billing-scheduler.ts` and its steps in `scheduler/` (docs/decisions/0130). */
async function schedulerSources(): Promise<{ file: string; text: string }[]> {
  const steps = await readdir(path.join(subscriptionsDirectory, 'scheduler')).catch(() => []);
  const files = [
    'billing-scheduler.ts',
    ...steps
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => `scheduler/${name}`),
  ];
  return Promise.all(
    files.map(async (file) => ({
      file,
      text: await readFile(path.join(subscriptionsDirectory, file), 'utf8'),
    })),
  );
}

/** The email each `tellAdmins(context, organization, …)` call sends: the function named, or called by the arrow. */
const sentEmail = /tellAdmins\(\s*context,\s*[\w.]+,\s*(?:\([^)]*\)\s*=>\s*)?(\w+)/g;
const emailsImport = /import\s*\{([^}]*)\}\s*from\s*'\.\.?\/(?:\.\.\/)?subscription-emails\.js'/;

const to = 'admin@example.com';
const webUrl = 'https://www.dcipher.test';

/** The plain-text part of a billing notice: its heading, its one paragraph, the way to the subscription, the footer. */
const noticeText = (heading: string, paragraph: string) =>
  `${heading}\n\n${paragraph}\n\nOpen your subscription:\n${webUrl}/subscription\n\n--\n` +
  'You received this email because you are an admin of a Dcipher organization.\n' +
  'Dcipher · AI-powered Insight Automation\n';

describe("the billing scheduler's emails are subscription-emails.ts's (issue 35 point 1)", () => {
  it('the scheduler writes no email: each one it sends is a function imported from subscription-emails.ts', async () => {
    const sources = await schedulerSources();
    const written = sources
      .filter(({ text }) => /renderEmailLayout|\bsubject:|\bheading:|\bparagraphs:/.test(text))
      .map(({ file }) => file);
    assert.deepEqual(written, [], 'an email written in the scheduler: move it to subscription-emails.ts');

    const sent = new Set<string>();
    for (const { file, text } of sources) {
      const imported = new Set(
        (emailsImport.exec(text)?.[1] ?? '')
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      );
      for (const [, email] of text.matchAll(sentEmail)) {
        assert.ok(imported.has(email as string), `${file} sends ${email}, not one of subscription-emails.ts`);
        sent.add(email as string);
      }
      if (file !== 'scheduler/tell-admins.ts') {
        assert.doesNotMatch(text, /mailer\.send\(/, `${file} sends mail other than through tellAdmins`);
      }
    }
    assert.deepEqual([...sent].sort(), [
      'paymentProblemEmail',
      'planEndedEmail',
      'planRenewedEmail',
      'renewalFailedEmail',
      'trialEndedEmail',
    ]);
  });

  it('each notice keeps its subject, tag and words', () => {
    const start = new Date('2026-03-01T08:00:00Z');
    const end = new Date('2026-04-01T08:00:00Z');
    const failure = 'Your card was declined. Try another card.';
    const cases = [
      {
        email: planRenewedEmail(to, webUrl, {
          total: 29_900,
          currency: 'eur',
          planName: 'Business',
          start,
          end,
        }),
        tag: 'billing-renewed',
        heading: 'Your Dcipher plan is renewed',
        paragraph:
          'We charged €299.00 for Business from 01 Mar 2026 to 01 Apr 2026. The invoice is in your account.',
      },
      {
        email: planEndedEmail(to, webUrl, start),
        tag: 'billing-ended',
        heading: 'Your Dcipher plan has ended',
        paragraph: 'Your plan ended on 01 Mar 2026, as you asked. Choose a plan at any time to go on.',
      },
      {
        email: renewalFailedEmail(to, webUrl, { failure, retryAt: new Date('2026-03-04T08:00:00Z') }),
        tag: 'billing-payment-failed',
        heading: 'We could not renew your Dcipher plan',
        paragraph:
          `The renewal charge failed (${failure}). We will try again on 04 Mar 2026; to avoid an interruption, ` +
          'check your payment card now.',
      },
      {
        email: paymentProblemEmail(to, webUrl, { attempts: 4, failure }),
        tag: 'billing-payment-problem',
        heading: 'Payment problem: your Dcipher plan is on hold',
        paragraph:
          `We tried 4 times to renew your plan and the charge failed each time (${failure}). Update your card and ` +
          'pay the renewal from your account to go on.',
      },
      {
        email: trialEndedEmail(to, webUrl),
        tag: 'billing-trial-ended',
        heading: 'Your Dcipher free trial has ended',
        paragraph: 'Choose a plan to go on using Dcipher: your projects, workflows and settings are kept.',
      },
    ];
    for (const { email, tag, heading, paragraph } of cases) {
      assert.equal(email.to, to);
      assert.equal(email.subject, heading);
      assert.equal(email.tag, tag);
      assert.equal(email.text, noticeText(heading, paragraph));
      assert.ok(email.html.includes(`href="${webUrl}/subscription"`), `${tag}: the link to the subscription`);
    }
  });
});
