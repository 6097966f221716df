import { companyContacts, freeTrialDays } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import type { HeadProps } from 'gatsby';
import { Link } from 'gatsby';
import { Layout } from '../components/layout';
import { Card, CardGrid, PageHero, Section } from '../components/page-sections';
import { BulletList, CallToAction, Lead } from '../components/pages/actions';
import { Seo } from '../components/seo';

interface Solution {
  id: string;
  team: string;
  summary: string;
  challenges: string[];
  help: string[];
  product: { to: string; linkText: string };
}

const solutions: Solution[] = [
  {
    id: 'market-research',
    team: 'Market research',
    summary:
      'Agencies and in-house research teams use Dcipher to code open-ended answers in hours instead of weeks, across languages and waves.',
    challenges: [
      'Thousands of open-ended answers per wave, coded by hand against a codebook that drifts between coders',
      'Multi-country studies where each market codes in its own language and results never quite line up',
      'Trackers where this quarter must be comparable with last quarter, and the deadline is always tight',
    ],
    help: [
      'Studio proposes themes from the data or applies your existing codebook, and you refine both',
      'Responses in any language end up in one theme structure, with sentiment per theme',
      'Project templates keep codebooks and views identical from wave to wave',
      'SurveyMonkey and file imports bring in answers with their respondent metadata for segment comparisons',
    ],
    product: {
      to: '/products/dcipher-studio',
      linkText: 'How Dcipher Studio codes open-ended survey answers',
    },
  },
  {
    id: 'customer-experience',
    team: 'Customer experience',
    summary:
      'CX teams connect reviews, surveys and support conversations to see what drives satisfaction and what is going wrong this week.',
    challenges: [
      'Feedback spread over NPS surveys, app store reviews, support tickets and social media, each with its own tool',
      'A score that moves without anyone being able to say why',
      'Emerging problems spotted only when complaints have already piled up',
    ],
    help: [
      'One project combines every channel, so you can compare what customers say in each',
      'Sentiment per theme shows which parts of the experience lift or drag the score',
      'Trend detection flags themes that grow faster than usual, before they reach the complaints team',
      'Scheduled workflows deliver a weekly voice-of-the-customer summary to the people who fix things',
    ],
    product: {
      to: '/products/dcipher-workflows',
      linkText: 'How Dcipher Workflows automates voice-of-the-customer reporting',
    },
  },
  {
    id: 'communications',
    team: 'Communications and PR',
    summary:
      'Communications teams monitor news and social media, understand the narratives forming around their organization, and brief leadership quickly.',
    challenges: [
      'Media monitoring that counts mentions but cannot tell a passing reference from a developing story',
      'Morning briefings assembled by hand from alerts, feeds and screenshots',
      'Issues that escalate over a weekend because nobody was watching the right channel',
    ],
    help: [
      'Narrative analysis shows how stories are framed, who is quoted and which angle is spreading',
      'News, social media and RSS feeds are collected into one daily workflow',
      'Momentum metrics highlight topics that accelerate, so you can respond early',
      'Insight Booster drafts the daily or weekly briefing in your house style, with links to every source',
    ],
    product: {
      to: '/products/dcipher-insight-booster',
      linkText: 'How Dcipher Insight Booster writes media briefings',
    },
  },
  {
    id: 'strategy-innovation',
    team: 'Strategy and innovation',
    summary:
      'Strategy and innovation teams scan markets, technologies and customer needs to decide where to play next.',
    challenges: [
      'Trend reports, workshop outputs and interview notes that never get synthesised into one picture',
      'Weak signals buried in forums, blogs and niche publications',
      'Board papers that need evidence, not just a well-argued opinion',
    ],
    help: [
      'Landscapes map an entire topic area, from established themes to emerging niches',
      'Miro boards, documents and knowledge bases sit next to external sources in one project',
      'Research agents gather and summarise sources on a brief, as a repeatable workflow',
      'The research bot answers strategic questions with citations you can put in the board paper',
    ],
    product: {
      to: '/products/dcipher-studio',
      linkText: 'How Dcipher Studio maps trends and emerging topics',
    },
  },
  {
    id: 'public-sector',
    team: 'Public sector',
    summary:
      'Ministries, agencies and municipalities use Dcipher to analyse public consultations, citizen feedback and media coverage fairly and transparently.',
    challenges: [
      'Consultations that attract tens of thousands of responses, with a legal duty to consider each one',
      'Campaign responses that risk drowning out individual voices',
      'Strict requirements on data protection, data location and the explainability of any AI used',
    ],
    help: [
      'Every theme and summary links to the responses behind it, giving a full audit trail for the consultation report',
      'Duplicate and campaign responses are grouped so they are counted but do not dominate the analysis',
      'Data stays in the EU, in the cloud region you choose, deleted after 90, 180 or 360 days',
      'Insight Booster drafts consultation reports from a template your legal team has approved',
    ],
    product: {
      to: '/products/dcipher-insight-booster',
      linkText: 'How Dcipher Insight Booster drafts consultation reports',
    },
  },
];

export default function SolutionsPage() {
  return (
    <Layout>
      <PageHero
        eyebrow="Solutions"
        title="Insight automation for every team that reads for a living"
        lead="Market researchers, CX managers, communications teams, strategists and public servants all face the same problem: more text than time. Here is how Dcipher helps each of them."
      />
      <Section title="Find your team">
        <nav aria-label="Solutions by team">
          <ul
            css={{
              listStyle: 'none',
              margin: 0,
              padding: 0,
              display: 'flex',
              flexWrap: 'wrap',
              gap: '0.75rem',
            }}
          >
            {solutions.map((solution) => (
              <li key={solution.id}>
                <a
                  href={`#${solution.id}`}
                  css={{
                    display: 'inline-block',
                    padding: '0.5rem 0.9rem',
                    border: `1px solid ${theme.colors.border}`,
                    borderRadius: '999px',
                    color: theme.colors.ink,
                    textDecoration: 'none',
                    fontWeight: 600,
                    '&:hover': { background: theme.colors.canvas },
                    '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
                  }}
                >
                  {solution.team}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </Section>
      {solutions.map((solution, index) => (
        <div key={solution.id} css={index % 2 === 0 ? { background: theme.colors.canvas } : undefined}>
          <Section id={solution.id} title={solution.team}>
            <Lead>{solution.summary}</Lead>
            <CardGrid min="20rem">
              <Card title="The challenges">
                <BulletList items={solution.challenges} />
              </Card>
              <Card title="How Dcipher helps">
                <BulletList items={solution.help} />
              </Card>
            </CardGrid>
            <p css={{ margin: '1.25rem 0 0', fontWeight: 600 }}>
              <Link to={solution.product.to}>{solution.product.linkText}</Link>
            </p>
          </Section>
        </div>
      ))}
      <CallToAction
        title="See it with your own data"
        actions={[
          { label: `Start a ${freeTrialDays}-day free trial`, to: '/signup' },
          {
            label: 'Book a demo with a solutions specialist',
            to: companyContacts.meetingBookingUrl,
            variant: 'secondary',
          },
        ]}
      >
        <p css={{ margin: 0 }}>
          Every team works differently. Try Dcipher free for {freeTrialDays} days without a credit card, or
          book a demo and we will show you a setup built for your team’s data and questions.
        </p>
      </CallToAction>
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo
    title="Solutions by team"
    description="How market research, customer experience, communications, strategy and public sector teams use Dcipher to analyse text, spot trends and report faster."
    pathname={location.pathname}
  />
);
