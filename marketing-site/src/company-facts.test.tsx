// The site must agree with itself: the company facts (@dcipher/shared/domain) are declared once, and neither the
// CMS snapshot (which also seeds the CMS) nor the pages may state a fact differently, use a placeholder address or
// carry spam-like copy. See docs/decisions/0047.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalisePressArticle, type RawPressArticle } from '@dcipher/shared/content';
import { companyContacts, companyFacts, formatCount, leadershipOrder } from '@dcipher/shared/domain';
import { cleanup, render, screen } from '@testing-library/react';
import AboutPage from './pages/about';
import OurPeoplePage from './pages/our-people';
import OurSupportersPage from './pages/our-supporters';

afterEach(cleanup);

const siteDir = join(__dirname, '..');
const snapshotDir = join(siteDir, 'content', 'snapshot');

interface Entry {
  slug?: string;
  content?: string | null;
  body?: string | null;
  overridePublishedAt?: string | null;
  publishedAt?: string | null;
  createdAt: string;
}

const collections = Object.fromEntries(
  readdirSync(snapshotDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [
      file.replace(/\.json$/, ''),
      (JSON.parse(readFileSync(join(snapshotDir, file), 'utf8')) as { data: Entry[] }).data,
    ]),
) as Record<string, Entry[]>;

/** Every string anywhere in an entry (titles, abstracts, content, alt texts...). */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

const snapshotTexts = Object.entries(collections).flatMap(([collection, entries]) =>
  entries.flatMap((entry) =>
    stringsOf(entry).map((text) => ({ where: `${collection}/${entry.slug}`, text })),
  ),
);

/** The site's own page and component sources (not tests), as a visitor would read their copy. */
function sourcesUnder(directory: string): { where: string; text: string }[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((file) => file.isFile() && /\.(tsx|ts|mjs)$/.test(file.name) && !/\.test\./.test(file.name))
    .map((file) => {
      const path = join(file.parentPath, file.name);
      return { where: path.slice(siteDir.length + 1), text: readFileSync(path, 'utf8') };
    });
}
const pageSources = [
  ...sourcesUnder(join(siteDir, 'src', 'pages')),
  ...sourcesUnder(join(siteDir, 'src', 'components')),
  ...sourcesUnder(join(siteDir, 'src', 'templates')),
];

const emailAddress = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const spamLike = /voucher|claim your|you have won|free gift|act now|limited time offer/i;
const customerCount = /(\d{1,3}(?:,\d{3})+|\d+)\*{0,2}\s+(?:customer\s+)?organi[sz]ations/gi;
const count = (text: string) => Number(text.replace(/,/g, ''));
const leaders = leadershipOrder.map((key) => companyFacts.leadership[key]);
const pressArticles = collections['press-articles'] as unknown as RawPressArticle[];

describe('the CMS snapshot agrees with the company facts', () => {
  it('gives no email address but the company’s own, and no placeholder domain', () => {
    const ours = new Set<string>(Object.values(companyContacts).filter((value) => value.includes('@')));
    const found = snapshotTexts.flatMap(({ where, text }) =>
      (text.match(emailAddress) ?? []).map((address) => ({ where, address })),
    );
    expect(found.filter(({ address }) => !ours.has(address) || /\.example$/.test(address))).toEqual([]);
  });

  it('has no spam-like copy', () => {
    expect(snapshotTexts.filter(({ text }) => spamLike.test(text)).map(({ where }) => where)).toEqual([]);
  });

  it('never counts more customers than the facts, and the latest count is the facts’ count', () => {
    const counts = snapshotTexts.flatMap(({ where, text }) =>
      [...text.matchAll(customerCount)].map((match) => ({ where, count: count(match[1] ?? '') })),
    );
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.filter((found) => found.count > companyFacts.customers.count)).toEqual([]);

    const dated = (entry: Entry) => entry.overridePublishedAt ?? entry.publishedAt ?? entry.createdAt;
    const latest = [...(collections['press-articles'] ?? [])]
      .filter((entry) => /customer organi[sz]ations/i.test(entry.content ?? ''))
      .sort((first, second) => dated(second).localeCompare(dated(first)))[0];
    expect(latest?.content).toContain(`${formatCount(companyFacts.customers.count)} customer organisations`);
  });

  it('names the facts’ holder wherever a press release gives a Dcipher leadership title', () => {
    const mismatches: string[] = [];
    for (const article of pressArticles) {
      for (const paragraph of (article.content ?? '').split(/\n{2,}/)) {
        const plain = paragraph.replace(/\*\*/g, '');
        for (const leader of leaders) {
          for (const title of leader.titles) {
            // "Chief Executive of Surveyloom" is another company's.
            const unqualified = new RegExp(`\\b${title}\\b(?! of (?!Dcipher)[A-Z])`);
            if (unqualified.test(plain) && !plain.includes(leader.name)) {
              mismatches.push(`${article.slug}: "${title}" without ${leader.name}: ${plain.slice(0, 120)}`);
            }
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('quotes, as Dcipher people, only the leaders in the facts', () => {
    const quoted = pressArticles.flatMap((article) =>
      [
        ...(article.content ?? '').matchAll(
          /said ((?:Dr\. )?[A-Z][\p{L}'-]+(?: [A-Z][\p{L}'-]+)+), ((?:co-founder and )?[^.,"]+)/gu,
        ),
      ].map((match) => ({ slug: article.slug, name: match[1] ?? '', role: match[2] ?? '' })),
    );
    expect(quoted.length).toBeGreaterThan(5);
    const ofDcipher = quoted.filter(({ role }) => !/\b(?:of|at) (?:the )?(?!Dcipher)[A-Z]/.test(role));
    for (const { slug, name, role } of ofDcipher) {
      const leader = leaders.find((candidate) => candidate.name === name);
      expect({ slug, name, isLeader: Boolean(leader) }).toEqual({ slug, name, isLeader: true });
      expect(leader?.titles.some((title) => role.includes(title))).toBe(true);
    }
  });

  it('closes every press release with the facts’ press contact', () => {
    const { name, email } = companyFacts.pressContact;
    for (const article of pressArticles) {
      const { html } = normalisePressArticle(article);
      expect(html).toContain(`Press contact: ${name}`);
      expect(html).toContain(`href="mailto:${email}"`);
      expect(html).not.toMatch(/\.example\b/);
    }
  });
});

describe('the pages agree with the company facts', () => {
  it('state no customer count, team size or leader’s name of their own: they read the facts', () => {
    const ownFacts = pageSources.flatMap(({ where, text }) => [
      ...[...text.matchAll(customerCount)].map((match) => `${where}: ${match[0]}`),
      ...[...text.matchAll(/\b\d+ people in\b/g)].map((match) => `${where}: ${match[0]}`),
      ...leaders.filter((leader) => text.includes(leader.name)).map((leader) => `${where}: ${leader.name}`),
    ]);
    expect(ownFacts).toEqual([]);
  });

  it('carry no placeholder address and no spam-like copy', () => {
    const found = pageSources.filter(({ text }) => /@[\w.-]+\.example\b/.test(text) || spamLike.test(text));
    expect(found.map(({ where }) => where)).toEqual([]);
  });

  it('about: the customer count, the team and the founders are the facts’', () => {
    render(<AboutPage />);
    const text = document.body.textContent ?? '';
    expect(text).toContain(
      `More than ${formatCount(companyFacts.customers.count)} organizations in ${companyFacts.customers.countries} countries`,
    );
    expect(text).toContain(`We are ${companyFacts.employees} people in Copenhagen and Lund`);
    expect(text).toContain(companyFacts.leadership.ceo.name);
  });

  it('our people: the leadership is the facts’, the CEO first', () => {
    render(<OurPeoplePage />);
    const leadership = screen.getByRole('heading', { name: 'Leadership', level: 2 }).closest('section');
    const names = [...(leadership?.querySelectorAll('h3') ?? [])].map((heading) => heading.textContent);
    expect(names).toEqual(leaders.map((leader) => leader.name));
    const ceo = screen.getByRole('heading', { name: companyFacts.leadership.ceo.name, level: 3 });
    expect(ceo.parentElement?.textContent).toContain('Chief Executive Officer');
  });

  it('our supporters: the rounds and their leads are the facts’', () => {
    render(<OurSupportersPage />);
    const text = document.body.textContent ?? '';
    expect(text).toContain('Dcipher has raised EUR 41 million in 4 rounds');
    for (const round of companyFacts.fundingRounds) {
      expect(screen.getByRole('heading', { name: round.lead })).toBeTruthy();
      expect(text).toContain(`Lead investor, ${round.round} ${round.year}`);
    }
  });
});
