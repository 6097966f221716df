import { companyContacts } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import type { HeadProps } from 'gatsby';
import { Layout } from '../components/layout';
import { Card, CardGrid, PageHero, Section } from '../components/page-sections';
import { BulletList, CallToAction, Lead, OrderedSteps } from '../components/pages/actions';
import { Seo } from '../components/seo';

interface Program {
  id: string;
  title: string;
  forWhom: string;
  summary: string;
  benefits: string[];
  requirements: string[];
}

const programs: Program[] = [
  {
    id: 'reseller',
    title: 'Reseller program',
    forWhom:
      'For research agencies, consultancies and software resellers who sell to insight, CX and communications teams.',
    summary:
      'Offer Dcipher subscriptions and credits to your clients under your own contract, alongside your services, and earn a margin on every renewal.',
    benefits: [
      'A 20% discount on subscriptions and credits you resell, rising to 30% above EUR 150,000 in annual sales',
      'A free internal-use organization with credits for demos, pitches and pilots',
      'Deal registration that protects opportunities you bring to us for 90 days',
      'Co-branded reports through Insight Booster brand customization',
      'A named partner manager and a quarterly pipeline review',
    ],
    requirements: [
      'A registered business in the EU, EEA, UK or Switzerland',
      'At least two people certified on Dcipher Studio within three months of joining',
      'A signed reseller agreement and our data processing terms passed on to your clients',
      'A shared plan with a sales target for the first year',
    ],
  },
  {
    id: 'implementation',
    title: 'Implementation partner program',
    forWhom:
      'For consultancies and systems integrators who set up, customise and run insight programmes for their clients.',
    summary:
      'Design codebooks, build custom workflows and report templates, and connect Dcipher to your clients’ data through the API, while we take care of the platform.',
    benefits: [
      'Referral fees of 15% of first-year subscription value for clients you bring',
      'Early access to new features, the workflow store and the API roadmap',
      'Technical enablement: training, a partner sandbox and access to our solutions engineers',
      'A listing in our partner directory and joint customer success stories',
      'The option to publish your workflows in the workflow store for all customers',
    ],
    requirements: [
      'At least one completed Dcipher project with a reference client, or a joint pilot with us',
      'Two people certified on Dcipher Workflows and Insight Booster',
      'Experience with research, CX or communications analytics projects',
      'A commitment to our security and data protection standards in client work',
    ],
  },
  {
    id: 'technology',
    title: 'Technology partner program',
    forWhom:
      'For software companies whose products hold text worth analysing: survey tools, CRM and support systems, media databases and collaboration tools.',
    summary:
      'Build an integration between your product and Dcipher so that shared customers can send data in and bring insights back without exports and imports.',
    benefits: [
      'API credits and a development organization for building and testing your integration',
      'Technical review of your integration by our engineers before launch',
      'A listing as a supported data source, with joint launch communications',
      'Insight into demand: the number of shared customers asking for your integration',
    ],
    requirements: [
      'A documented API or export that covers the data your customers want to analyse',
      'An integration that meets our security review, including authentication and data minimisation',
      'A named technical contact and a support process for shared customers',
      'Processing of personal data only under GDPR-compliant terms',
    ],
  },
];

const steps = [
  {
    title: 'Tell us about your business',
    text: 'Use the contact form and mention the program you are interested in, the markets you serve and the clients you work with.',
  },
  {
    title: 'Meet your partner manager',
    text: 'Within five working days we schedule a call to understand your plans and show you the partner terms for your program.',
  },
  {
    title: 'Agree a joint plan',
    text: 'We agree goals for the first year, sign the partner agreement and the data processing terms, and set up your partner organization.',
  },
  {
    title: 'Get certified and launch',
    text: 'Your team completes certification, usually in two to three weeks, and we launch together with your first client or integration.',
  },
];

export default function PartnerProgramsPage() {
  return (
    <Layout>
      <PageHero
        eyebrow="Partner programs"
        title="Grow with Dcipher as a reseller, implementation or technology partner"
        lead="Our partners bring Dcipher to organizations we could never reach alone, and add the domain expertise, services and integrations that make it work for them. Choose the program that fits your business."
      />
      <Section title="Three ways to partner">
        <CardGrid>
          {programs.map((program) => (
            <Card key={program.id} title={program.title}>
              <p css={{ margin: '0 0 0.75rem' }}>{program.forWhom}</p>
              <a href={`#${program.id}`}>Benefits and requirements of the {program.title.toLowerCase()}</a>
            </Card>
          ))}
        </CardGrid>
      </Section>
      {programs.map((program, index) => (
        <div key={program.id} css={index % 2 === 0 ? { background: theme.colors.canvas } : undefined}>
          <Section id={program.id} title={program.title}>
            <Lead>{program.summary}</Lead>
            <CardGrid min="20rem">
              <Card title="What you get">
                <BulletList items={program.benefits} />
              </Card>
              <Card title="What we ask">
                <BulletList items={program.requirements} />
              </Card>
            </CardGrid>
          </Section>
        </div>
      ))}
      <Section title="How to join">
        <OrderedSteps steps={steps} />
      </Section>
      <CallToAction
        title="Become a Dcipher partner"
        actions={[
          { label: 'Apply through the contact form', to: '/contact-us' },
          {
            label: `Email ${companyContacts.infoEmail}`,
            to: `mailto:${companyContacts.infoEmail}?subject=Partner%20programs`,
            variant: 'secondary',
          },
        ]}
      >
        <p css={{ margin: 0 }}>
          Not sure which program fits? Describe what you do and our partnerships team will suggest the right
          starting point. Many partners begin as implementation partners and add reselling later.
        </p>
      </CallToAction>
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo
    title="Partner programs"
    description="Join Dcipher’s reseller, implementation or technology partner program: margins and referral fees, enablement, certification, requirements and how to apply."
    pathname={location.pathname}
  />
);
