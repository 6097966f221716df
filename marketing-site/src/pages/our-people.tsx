import {
  companyContacts,
  companyFacts,
  type LeaderKey,
  leadershipOrder,
  officesText,
} from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import type { HeadProps } from 'gatsby';
import { Layout } from '../components/layout';
import { Card, CardGrid, PageHero, Section } from '../components/page-sections';
import { CallToAction } from '../components/pages/actions';
import { Seo } from '../components/seo';

interface Person {
  name: string;
  role: string;
  bio: string;
}

/** What the page says about each leader; names and titles are the company facts'. */
const leaderBios: Record<LeaderKey, string> = {
  ceo: 'Mette ran customer insight at a Nordic telecoms operator for eight years before co-founding Dcipher. She still reads a sample of raw customer feedback every Monday, and expects the product to make that habit optional for everyone else.',
  chiefScientist:
    'Jonas holds a PhD in computational linguistics from Lund and built language models for the Scandinavian languages before it was fashionable. He led Dcipher’s technology from 2019 and now leads its research, and the rule that every AI output must be traceable.',
  cto: 'Henrik spent twenty years building and running large-scale cloud software before joining Dcipher in 2026. He leads engineering, infrastructure and security, and the cloud regions customers choose for their data.',
  cpo: 'A former market research consultant, Sofie spent a decade writing the reports Insight Booster now drafts. She owns the roadmap and sits in on at least two customer calls a week.',
  headOfAppliedAi:
    'Amira leads the team that designs and evaluates Dcipher’s analysis pipelines. She came from a research post on multilingual sentiment at a Dutch university and runs the evaluation sets that every model change must pass.',
  vpEngineering:
    'Tomasz scaled data platforms at a Polish e-commerce company from a handful of servers to billions of events a day. At Dcipher he looks after reliability and the engineers who keep the scheduler on time.',
};

const leadership: Person[] = leadershipOrder.map((key) => ({
  name: companyFacts.leadership[key].name,
  role: companyFacts.leadership[key].role,
  bio: leaderBios[key],
}));

const team: Person[] = [
  {
    name: 'Luca Ferraro',
    role: 'Head of Customer Success',
    bio: 'Luca and his team onboard new customers, build their first workflows with them and run the quarterly reviews. Before Dcipher he led CX analytics for an Italian insurer.',
  },
  {
    name: 'Ingrid Solberg',
    role: 'Data Protection Officer and Legal Counsel',
    bio: 'Ingrid is a Norwegian-trained lawyer specialising in data protection and AI regulation. She writes our data processing agreements and makes sure the privacy policy says what the product does.',
  },
  {
    name: 'Kwame Mensah',
    role: 'Head of Partnerships',
    bio: 'Kwame built reseller networks for a European survey platform and now runs Dcipher’s reseller, implementation and technology partner programs across the EU and the UK.',
  },
  {
    name: 'Elena Petrova',
    role: 'Lead Product Designer',
    bio: 'Elena designs the way analysts steer themes, read quotes and review generated reports. She believes a good interface for AI shows its uncertainty instead of hiding it.',
  },
  {
    name: 'Rasmus Holm',
    role: 'Senior Machine Learning Engineer',
    bio: 'Rasmus works on trend detection and narrative analysis, and wrote the first version of the momentum metric that flags fast-growing themes. He maintains our open evaluation set for Danish sentiment.',
  },
];

const workingPrinciples = [
  {
    title: 'Close to customers',
    text: 'Everyone, engineers included, joins customer calls. Product decisions start from a real dataset and a real question, not from a feature list.',
  },
  {
    title: 'Written first',
    text: 'We write proposals, decisions and post-mortems down and share them openly, which keeps a team spread over two countries and several time zones in step.',
  },
  {
    title: 'Small, autonomous teams',
    text: 'Teams of four to six own a part of the product from idea to production, including its on-call rota and its numbers.',
  },
  {
    title: 'Hybrid by default',
    text: `Offices in ${officesText()}, two shared office days a week, and the rest wherever you do your best work within the EU.`,
  },
  {
    title: 'Time to learn',
    text: 'Every person has a yearly learning budget and one Friday a month for research, reading groups or contributions to open-source language tools.',
  },
  {
    title: 'Sustainable pace',
    text: 'Thirty days of holiday, parental leave topped up to full pay, and no celebration of late nights. Good analysis needs rested people.',
  },
];

function initialsOf(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('')
    .slice(0, 2);
}

function PersonCard({ person }: { person: Person }) {
  return (
    <article
      css={{
        border: `1px solid ${theme.colors.border}`,
        borderRadius: '12px',
        padding: '1.5rem',
        background: theme.colors.surface,
      }}
    >
      <div css={{ display: 'flex', alignItems: 'center', gap: '1rem', marginBottom: '0.75rem' }}>
        <span
          aria-hidden="true"
          css={{
            flex: '0 0 3.25rem',
            width: '3.25rem',
            height: '3.25rem',
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 700,
            fontSize: '1.1rem',
            background: theme.colors.canvas,
            color: theme.colors.brandDark,
            border: `1px solid ${theme.colors.border}`,
          }}
        >
          {initialsOf(person.name)}
        </span>
        <div>
          <h3 css={{ fontSize: '1.15rem', margin: 0 }}>{person.name}</h3>
          <p css={{ margin: 0, fontWeight: 600, color: theme.colors.brandDark }}>{person.role}</p>
        </div>
      </div>
      <p css={{ margin: 0, color: theme.colors.muted }}>{person.bio}</p>
    </article>
  );
}

export default function OurPeoplePage() {
  return (
    <Layout>
      <PageHero
        eyebrow="Our people"
        title="Linguists, engineers and former insight managers"
        lead={`Dcipher is ${companyFacts.employees} people in ${officesText()}. Many of us used to be our own customers: we have coded open-ends by hand, written the quarterly tracker at midnight, and built the tools we wished we had.`}
      />
      <Section title="Leadership">
        <CardGrid min="18rem">
          {leadership.map((person) => (
            <PersonCard key={person.name} person={person} />
          ))}
        </CardGrid>
      </Section>
      <Section title="Some of the team">
        <CardGrid min="18rem">
          {team.map((person) => (
            <PersonCard key={person.name} person={person} />
          ))}
        </CardGrid>
      </Section>
      <div css={{ background: theme.colors.canvas }}>
        <Section title="How we work">
          <CardGrid>
            {workingPrinciples.map((principle) => (
              <Card key={principle.title} title={principle.title}>
                <p css={{ margin: 0 }}>{principle.text}</p>
              </Card>
            ))}
          </CardGrid>
        </Section>
      </div>
      <CallToAction
        title="Open roles"
        actions={[
          { label: 'Ask about open roles', to: '/contact-us' },
          {
            label: `Email ${companyContacts.infoEmail}`,
            to: `mailto:${companyContacts.infoEmail}`,
            variant: 'secondary',
          },
        ]}
      >
        <p css={{ margin: '0 0 0.75rem' }}>
          We hire throughout the year for machine learning, backend and frontend engineering, product design
          and customer success, in Copenhagen, Lund or remotely within the EU.
        </p>
        <p css={{ margin: 0 }}>
          Tell us about yourself and the work you would like to do through the contact form, and mention the
          role you are interested in. We reply to every application within two weeks.
        </p>
      </CallToAction>
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo
    title="Our people"
    description={`Meet the leadership and team building Dcipher in ${officesText()}, learn how we work, and find out how to ask about open roles.`}
    pathname={location.pathname}
  />
);
