import { companyFacts, totalRaisedMillionEur } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import type { HeadProps } from 'gatsby';
import { Link } from 'gatsby';
import { Layout } from '../components/layout';
import { Card, CardGrid, PageHero, Prose, Section } from '../components/page-sections';
import { BulletList, CallToAction, Lead } from '../components/pages/actions';
import { Seo } from '../components/seo';

interface Supporter {
  name: string;
  kind: string;
  text: string;
}

/** "Lead investor, Series A 2025", from the company facts' funding rounds. */
function ledRound(round: string): string {
  const led = companyFacts.fundingRounds.find((candidate) => candidate.round === round);
  if (!led) throw new Error(`no ${round} in the company facts`);
  return `Lead investor, ${led.round} ${led.year}`;
}

const leadOf = (round: string) =>
  companyFacts.fundingRounds.find((candidate) => candidate.round === round)?.lead ?? round;

const investors: Supporter[] = [
  {
    name: leadOf('Series B'),
    kind: ledRound('Series B'),
    text: 'A growth fund investing in European software companies with international ambitions. Halvard’s investment funds the research agents, deeper integrations with survey and CRM tools, and a larger team in Copenhagen and Lund.',
  },
  {
    name: leadOf('Series A'),
    kind: ledRound('Series A'),
    text: 'An Amsterdam-based fund focused on European data and AI companies. Skerryfield’s investment funded Insight Booster and new cloud regions, and its partner Pieter de Vries joined our board.',
  },
  {
    name: leadOf('Seed'),
    kind: ledRound('Seed'),
    text: 'A Copenhagen fund for early-stage B2B software. Nordhavn backed us when Studio had eleven paying customers, and its partner Camilla Rask has sat on our board since.',
  },
  {
    name: 'Fjordbridge Capital',
    kind: 'Co-investor, Series A and Series B',
    text: 'A Stockholm and Tallinn fund that invests across the Nordic and Baltic region and helped us open our engineering office in Lund.',
  },
  {
    name: leadOf('Pre-seed'),
    kind: ledRound('Pre-seed'),
    text: 'A network of former founders and insight directors from Denmark and Sweden who wrote our first cheques and introduced us to our first three customers.',
  },
];

const grants: Supporter[] = [
  {
    name: 'Nordic Language Technology Fund',
    kind: 'Research grant, 2020 to 2022',
    text: 'Funded two years of work on sentiment and theme detection for Danish, Swedish, Norwegian and Finnish, languages that general-purpose models handled poorly at the time.',
  },
  {
    name: 'European Trustworthy AI Accelerator',
    kind: 'Innovation grant, 2023',
    text: 'Co-financed our evaluation and governance framework: the test sets, citation checks and model documentation that every Dcipher analysis now passes before release.',
  },
  {
    name: 'Copenhagen Growth Programme for Deep Tech',
    kind: 'Scale-up programme, 2022',
    text: 'A year of mentoring, shared legal counsel and introductions to public-sector buyers, which led to our first municipal and ministry customers.',
  },
];

const researchPartners: Supporter[] = [
  {
    name: 'Aarwick University, Centre for Computational Social Science',
    kind: 'Research partner since 2026',
    text: 'A three-year programme on trustworthy text analytics: how analysts verify AI-generated themes and summaries, with two doctoral researchers and openly published results.',
  },
  {
    name: 'Lund Centre for Language and Decision Research',
    kind: 'Research partner since 2019',
    text: 'Joint work on narrative analysis: how stories and framings spread through news and social media. Two PhD students have co-authored papers with our applied AI team.',
  },
  {
    name: 'Aarhus Institute for Digital Democracy',
    kind: 'Research partner since 2022',
    text: 'Together we study how public consultations can be analysed fairly at scale, so that a well-organised campaign does not drown out individual citizens’ responses.',
  },
  {
    name: 'Ghent Survey Methodology Lab',
    kind: 'Research partner since 2024',
    text: 'Benchmarks comparing AI coding of open-ended survey answers with trained human coders across six languages, published openly for the research community.',
  },
];

const enabled = [
  'Native-quality analysis in the Nordic languages, and since 2024 in twenty more European languages.',
  'An evaluation framework that tests every model change against human-coded data before it reaches customers.',
  'Hosting in the EU with a choice of cloud region, rather than the cheapest region available.',
  'A research bot and Insight Booster that cite their sources, built on narrative and citation research with our partners.',
  'A 14-day free trial without a credit card, so that small research teams and public bodies can evaluate Dcipher properly.',
];

function SupporterGrid({ supporters }: { supporters: Supporter[] }) {
  return (
    <CardGrid min="18rem">
      {supporters.map((supporter) => (
        <Card key={supporter.name} title={supporter.name}>
          <p css={{ margin: '0 0 0.5rem', fontWeight: 600, color: theme.colors.ink }}>{supporter.kind}</p>
          <p css={{ margin: 0 }}>{supporter.text}</p>
        </Card>
      ))}
    </CardGrid>
  );
}

export default function OurSupportersPage() {
  return (
    <Layout>
      <PageHero
        eyebrow="Our supporters"
        title="The investors, funds and researchers behind Dcipher"
        lead="Building AI that analysts can trust takes patient money and good science. These are the organizations that have backed Dcipher since 2019, and what their support has made possible."
      />
      <Section title="Investors">
        <Lead>
          Dcipher has raised EUR {totalRaisedMillionEur()} million in {companyFacts.fundingRounds.length}{' '}
          rounds from European investors who share our view that insight automation should be accurate,
          transparent and hosted in the EU.
        </Lead>
        <SupporterGrid supporters={investors} />
      </Section>
      <div css={{ background: theme.colors.canvas }}>
        <Section title="Grants and programmes">
          <Lead>
            Public and non-profit funding has paid for the research that commercial products rarely fund on
            their own: smaller languages, fairness and evaluation.
          </Lead>
          <SupporterGrid supporters={grants} />
        </Section>
      </div>
      <Section title="Research partners">
        <Lead>
          We work with academic groups on open questions in language technology and survey methodology, and
          publish what we learn.
        </Lead>
        <SupporterGrid supporters={researchPartners} />
      </Section>
      <Section title="What their support enabled">
        <Prose>
          <p>
            Without our supporters, Dcipher would be a smaller product with fewer guarantees. Their backing
            has given us:
          </p>
          <BulletList items={enabled} />
          <p>
            Read more about where we come from on our <Link to="/about">about us</Link> page, or meet the{' '}
            <Link to="/our-people">people who build Dcipher</Link>.
          </p>
        </Prose>
      </Section>
      <CallToAction
        title="Research collaboration and investor relations"
        actions={[{ label: 'Contact our team', to: '/contact-us' }]}
      >
        <p css={{ margin: 0 }}>
          Are you a researcher working on language, surveys or public opinion, or an investor who would like
          to know more? We are always glad to hear from you.
        </p>
      </CallToAction>
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo
    title="Our supporters"
    description="The investors, public grants and university research partners backing Dcipher, and the language, evaluation and EU-hosting work their support made possible."
    pathname={location.pathname}
  />
);
