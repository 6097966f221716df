import { companyContacts, freeTrialDays } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import type { HeadProps } from 'gatsby';
import { Link } from 'gatsby';
import { Layout } from '../components/layout';
import { Card, CardGrid, PageHero, Section } from '../components/page-sections';
import { BulletList, CallToAction, OrderedSteps } from '../components/pages/actions';
import { Seo } from '../components/seo';

const nextSteps = [
  {
    title: 'A calendar invitation is on its way',
    text: 'Within a few minutes you will receive an email with the meeting time and a video link. It also has links to reschedule or cancel if your plans change.',
  },
  {
    title: 'Your solutions specialist gets in touch',
    text: 'One working day before the demo, the specialist who will run it emails you to confirm the questions you want answered and who else is joining.',
  },
  {
    title: 'We prepare a demo around your data',
    text: 'If you share a sample dataset or a link to public sources beforehand, we set up a project with it, so the demo shows your themes rather than ours.',
  },
  {
    title: 'The demo itself: 30 to 45 minutes',
    text: 'We spend a few minutes on your goals, most of the time in the product, and leave room for questions about pricing, security and how teams like yours roll Dcipher out.',
  },
  {
    title: 'A follow-up with everything we showed',
    text: 'After the call you receive a summary, the answers to any open questions and, if you wish, a trial organization with the demo project already in it.',
  },
];

const preparation = [
  {
    title: 'Bring a question',
    items: [
      'The decision your text analysis should inform, for example where to focus next year’s CX budget',
      'The report or dashboard you produce today and what takes the longest',
    ],
  },
  {
    title: 'Bring some data',
    items: [
      'A sample export of survey answers, reviews or tickets in csv, xlsx, json, pdf, docx or txt',
      'Or the brands, topics and markets you monitor in news and social media',
      'Anonymise personal data first, or ask us for our data processing terms before sharing',
    ],
  },
  {
    title: 'Bring the right people',
    items: [
      'The analysts who will use Dcipher day to day',
      'Someone who reads the reports, to judge what good looks like',
      'If relevant, a colleague from IT or data protection with questions about hosting, SSO and retention',
    ],
  },
];

export default function MeetingConfirmationPage() {
  return (
    <Layout>
      <PageHero
        eyebrow="Demo booked"
        title="Thank you, your demo is booked"
        lead="We look forward to meeting you. A confirmation with the time and the video link has been sent to the email address you gave when booking."
      />
      <Section title="What happens next">
        <OrderedSteps steps={nextSteps} />
      </Section>
      <div css={{ background: theme.colors.canvas }}>
        <Section title="How to prepare">
          <CardGrid>
            {preparation.map((group) => (
              <Card key={group.title} title={group.title}>
                <BulletList items={group.items} />
              </Card>
            ))}
          </CardGrid>
        </Section>
      </div>
      <Section title="While you wait">
        <CardGrid>
          <Card title="Read the white paper">
            <p css={{ margin: '0 0 0.75rem' }}>
              “From text to decisions” explains how Dcipher automates insight work, how we evaluate the AI and
              how teams get started, in a 20-minute read.
            </p>
            <Link to="/download-whitepaper">Download the insight automation white paper</Link>
          </Card>
          <Card title="See what other teams achieved">
            <p css={{ margin: '0 0 0.75rem' }}>
              Research agencies, retailers, public bodies and communications teams describe how they use
              Dcipher and what changed.
            </p>
            <Link to="/customer-success-stories">Read customer success stories</Link>
          </Card>
          <Card title="Explore the products">
            <p css={{ margin: '0 0 0.75rem' }}>
              Get a feel for the three products before the call, so we can spend the demo on your questions.
            </p>
            <BulletList
              items={[
                <Link key="studio" to="/products/dcipher-studio">
                  Dcipher Studio
                </Link>,
                <Link key="workflows" to="/products/dcipher-workflows">
                  Dcipher Workflows
                </Link>,
                <Link key="booster" to="/products/dcipher-insight-booster">
                  Dcipher Insight Booster
                </Link>,
              ]}
            />
          </Card>
        </CardGrid>
      </Section>
      <CallToAction
        title="Need to change something?"
        actions={[
          { label: 'Contact us', to: '/contact-us', variant: 'secondary' },
          { label: `Start a ${freeTrialDays}-day free trial now`, to: '/signup', variant: 'secondary' },
        ]}
      >
        <p css={{ margin: 0 }}>
          Use the link in your confirmation email to reschedule. If the email has not arrived within an hour,
          check your spam folder or write to{' '}
          <a href={`mailto:${companyContacts.infoEmail}`}>{companyContacts.infoEmail}</a>. You can also call
          us on{' '}
          <a href={`tel:${companyContacts.supportPhone.replace(/\s/g, '')}`}>
            {companyContacts.supportPhone}
          </a>
          .
        </p>
      </CallToAction>
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo
    title="Demo booked"
    description="Your Dcipher demo is booked: what happens next, how to prepare your data and questions, and what to read before the call."
    pathname={location.pathname}
    noIndex
  />
);
