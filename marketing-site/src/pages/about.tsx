import { companyContacts, companyFacts, formatCount, officesText } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import type { HeadProps } from 'gatsby';
import { Link } from 'gatsby';
import { Layout } from '../components/layout';
import { Card, CardGrid, PageHero, Prose, Section } from '../components/page-sections';
import { CallToAction, OrderedSteps } from '../components/pages/actions';
import { Seo } from '../components/seo';

const problems = [
  {
    title: 'Too much to read',
    text: 'A single customer survey can return 20,000 open-ended answers. Add reviews, support tickets, social media and the press, and the written feedback outgrows any team’s reading time within weeks.',
  },
  {
    title: 'Too slow to matter',
    text: 'Coding text by hand takes weeks. By the time the themes are counted and the slides are written, the product has shipped, the campaign has ended or the story has moved on.',
  },
  {
    title: 'Too hard to trust',
    text: 'Word clouds and keyword counts miss the point, and generic chatbots sound convincing without showing their working. Decision-makers rightly ask: where does this come from?',
  },
];

const { ceo, chiefScientist } = companyFacts.leadership;

const story = [
  {
    title: `${companyFacts.founded}: Two frustrations, one company`,
    text: `${ceo.name} had spent eight years running customer insight at a Nordic telecoms operator, where the most valuable answers sat unread in spreadsheets. ${chiefScientist.name} was building language models for Swedish and Danish at a research lab. They founded Dcipher in ${companyFacts.headquarters} to put the two together.`,
  },
  {
    title: '2020: The first customer',
    text: 'A Danish pension fund asked us to read 38,000 free-text answers from its member survey. The analysis that had taken its team six weeks the year before took four days, and the themes we found changed how it wrote to members.',
  },
  {
    title: '2021: Dcipher Studio',
    text: 'We turned our consulting tools into a product that analysts could use themselves: themes, sentiment and trends, with every number traceable to the source sentence.',
  },
  {
    title: '2023: Workflows',
    text: 'Customers told us they were repeating the same analysis every week. Dcipher Workflows automated that routine, and in 2025 the workflow store gave every team ready-made workflows to start from.',
  },
  {
    title: '2025: Insight Booster and the research bot',
    text: 'With analysis automated, the bottleneck became writing it up. Insight Booster drafts reports from templates, with citations, using the model each section deserves; the research bot lets anyone ask questions of their own data and knowledge bases.',
  },
  {
    title: '2026: Today',
    text: `More than ${formatCount(companyFacts.customers.count)} organizations in ${companyFacts.customers.countries} countries use Dcipher, from two-person research agencies to ministries. We are ${companyFacts.employees} people in ${officesText()}, and still obsessed with the same question: what are people actually saying?`,
  },
];

const values = [
  {
    title: 'Evidence over eloquence',
    text: 'A finding is only as good as the quotes behind it. We build every feature so that you can check the source, and we would rather show less than claim more.',
  },
  {
    title: 'Analysts stay in charge',
    text: 'AI does the reading and the first draft; people decide what matters. Our tools make expert judgement faster, not optional.',
  },
  {
    title: 'Privacy by default',
    text: 'We collect as little personal data as the job needs, keep it in the EU, delete it on schedule, and never train models on customer data.',
  },
  {
    title: 'Plain language',
    text: 'In the product, in our contracts and in our invoices. If a customer needs a glossary to understand what we did, we did it wrong.',
  },
  {
    title: 'Pay for what you use',
    text: 'A subscription for the platform and credits for the heavy lifting, with the cost shown before a run starts. No surprise overages.',
  },
];

export default function AboutPage() {
  return (
    <Layout>
      <PageHero
        eyebrow="About Dcipher"
        title="We help teams turn what people write into decisions"
        lead="Dcipher is a European software company building AI for insight work. Our platform reads customer feedback, research and media coverage, finds what matters, and keeps watching, so people can spend their time deciding instead of sorting."
      />
      <Section title="Our mission">
        <Prose>
          <p>
            Every day, customers, citizens, employees and journalists write down what they think. It is the
            most honest data an organization has, and most of it is never read. Our mission is to make sure it
            is: to give every team the means to understand large volumes of text quickly, accurately and in a
            way they can defend.
          </p>
          <p>
            We do that with software that automates the repetitive parts of insight work, from collecting and
            coding text to drafting the report, while keeping the analyst in control of what it means.
          </p>
        </Prose>
      </Section>
      <div css={{ background: theme.colors.canvas }}>
        <Section title="The problem: teams are drowning in unstructured text">
          <CardGrid>
            {problems.map((problem) => (
              <Card key={problem.title} title={problem.title}>
                <p css={{ margin: 0 }}>{problem.text}</p>
              </Card>
            ))}
          </CardGrid>
        </Section>
      </div>
      <Section title="Our story">
        <OrderedSteps steps={story} />
      </Section>
      <Section title="What we value">
        <CardGrid>
          {values.map((value) => (
            <Card key={value.title} title={value.title}>
              <p css={{ margin: 0 }}>{value.text}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>
      <Section title="Your data stays in Europe">
        <Prose>
          <p>
            Dcipher is an EU company, subject to the General Data Protection Regulation, and our platform is
            built and hosted in the EU. Customer data is stored and processed in an EU cloud region by
            default; organizations that need their data in a specific region choose it in their account
            settings, and it stays there.
          </p>
          <p>
            We act as a data processor for the content you analyse, under a data processing agreement that is
            part of every subscription. You decide how long collected and uploaded data is kept, 90, 180 or
            360 days, and we delete it when that period ends. The texts you analyse are never used to train
            our models or anyone else’s.
          </p>
          <p>
            Read the details in our <Link to="/privacy-policy">privacy policy</Link> and the{' '}
            <a href="/ToS.pdf">terms of service (PDF)</a>, or see how the product pages describe{' '}
            <Link to="/products/dcipher-studio">security in Dcipher Studio</Link>.
          </p>
        </Prose>
      </Section>
      <Section title="The people behind Dcipher">
        <Prose>
          <p>
            Dcipher is built by linguists, data scientists, engineers and former insight managers who have sat
            on the customer side of the table. Meet them on <Link to="/our-people">our people</Link> page, and
            read about the investors and research partners who back us on{' '}
            <Link to="/our-supporters">our supporters</Link> page.
          </p>
        </Prose>
      </Section>
      <CallToAction
        title="Let’s talk about your text"
        actions={[
          { label: 'Contact us', to: '/contact-us' },
          { label: 'Book a demo', to: companyContacts.meetingBookingUrl, variant: 'secondary' },
        ]}
      >
        <p css={{ margin: 0 }}>
          Tell us what you are reading today and what decisions it should inform. We will show you what
          Dcipher finds in data like yours, in a 30-minute demo or an email exchange, whichever suits you.
        </p>
      </CallToAction>
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo
    title="About us"
    description="Dcipher is an EU company building AI for insight work: our mission, our story since 2019, the values we build by, and how we keep your data in Europe."
    pathname={location.pathname}
  />
);
