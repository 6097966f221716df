import { companyContacts, freeTrialDays } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import type { HeadProps } from 'gatsby';
import { Link } from 'gatsby';
import type { ReactNode } from 'react';
import { Layout } from '../components/layout';
import { PageHero, Prose, Section } from '../components/page-sections';
import { Seo } from '../components/seo';

const lastUpdated = { iso: '2026-11-01', display: '01 Nov 2026' };

const contents = [
  { id: 'who-we-are', label: 'Who we are and what this policy covers' },
  { id: 'summary', label: 'The short version' },
  { id: 'data-we-collect', label: 'Personal data we collect' },
  { id: 'purposes', label: 'Purposes and legal bases' },
  { id: 'cookies', label: 'Cookies and consent' },
  { id: 'sharing', label: 'Processors and other recipients' },
  { id: 'transfers', label: 'International transfers' },
  { id: 'retention', label: 'How long we keep data' },
  { id: 'customer-data', label: 'Data you analyse in the service' },
  { id: 'security', label: 'Security' },
  { id: 'rights', label: 'Your rights' },
  { id: 'other', label: 'Children, automated decisions and changes' },
  { id: 'contact', label: 'Contact us' },
];

const tableStyle = {
  width: '100%',
  borderCollapse: 'collapse' as const,
  margin: '1rem 0 1.5rem',
  fontSize: '0.95rem',
  '& th, & td': {
    textAlign: 'left' as const,
    verticalAlign: 'top' as const,
    padding: '0.6rem 0.75rem',
    borderBottom: `1px solid ${theme.colors.border}`,
  },
  '& thead th': { background: theme.colors.canvas },
};

function PolicyTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    // A region a keyboard can scroll when the table is wider than a phone.
    <section
      css={{
        overflowX: 'auto',
        '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
      }}
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard
      tabIndex={0}
    >
      <table css={tableStyle}>
        <caption css={{ textAlign: 'left', fontWeight: 600, marginBottom: '0.5rem' }}>{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row[0])}>
              <th scope="row">{row[0]}</th>
              {row.slice(1).map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

const mail = <a href={`mailto:${companyContacts.infoEmail}`}>{companyContacts.infoEmail}</a>;

export default function PrivacyPolicyPage() {
  return (
    <Layout>
      <PageHero
        eyebrow="Legal"
        title="Privacy policy"
        lead="How Dcipher collects, uses, shares and protects personal data on our website and in the Dcipher service, and the rights you have under the GDPR."
      >
        <p css={{ margin: '1rem 0 0', color: theme.colors.muted }}>
          Last updated: <time dateTime={lastUpdated.iso}>{lastUpdated.display}</time>
        </p>
      </PageHero>
      <Section>
        <Prose>
          <nav aria-labelledby="privacy-contents">
            <h2 id="privacy-contents">Contents</h2>
            <ol>
              {contents.map((entry) => (
                <li key={entry.id}>
                  <a href={`#${entry.id}`}>{entry.label}</a>
                </li>
              ))}
            </ol>
          </nav>

          <h2 id="who-we-are">1. Who we are and what this policy covers</h2>
          <p>
            Dcipher ApS (“Dcipher”, “we”, “us”) is a Danish company that provides the Dcipher
            insight-automation platform, including Dcipher Studio, Dcipher Workflows and Dcipher Insight
            Booster. Our registered address is Applebys Plads 7, 1411 Copenhagen K, Denmark.
          </p>
          <p>
            Dcipher is the <strong>controller</strong> of the personal data described in this policy: data
            about visitors to our website, people who contact us, book a demo or download our white paper, and
            the people who hold or use a Dcipher account (trial users, customers, organization admins,
            teammates and guests), including billing and usage data.
          </p>
          <p>
            When our customers upload or collect texts to analyse in the service, we process any personal data
            in that content as a <strong>processor</strong> on their behalf. That processing is governed by
            our data processing agreement with the customer, not by this policy; section 9 explains how it
            works.
          </p>
          <p>
            Our data protection officer can be reached at {mail}. Please write “Data protection” in the
            subject line so your message reaches the right person quickly.
          </p>

          <h2 id="summary">2. The short version</h2>
          <ul>
            <li>We collect what we need to run the website and the service, bill for it and support you.</li>
            <li>
              Analytics and marketing cookies are only set after you consent. Without consent, we use only the
              cookies the site needs to work.
            </li>
            <li>
              We host and process data in the EU. Where a provider may access data from outside the EEA, we
              use the safeguards the GDPR requires.
            </li>
            <li>
              We never sell personal data, and we never use the texts you analyse to train our or anyone
              else’s AI models.
            </li>
            <li>
              You can access, correct, delete or export your data, object to processing and withdraw consent
              at any time.
            </li>
          </ul>

          <h2 id="data-we-collect">3. Personal data we collect</h2>
          <h3>When you visit our website</h3>
          <p>
            Technical data sent by your browser (IP address, browser and device type, language, referring
            page, the pages you view and the time of your visit). With your consent, analytics data such as
            page views, how far you scroll on a page (recorded in 25% steps) and, if you arrived through a
            partner’s link, an affiliate referral identifier.
          </p>
          <h3>When you contact us, book a demo or download the white paper</h3>
          <p>
            Your name, work email address, company, job title, company size band, country, phone number if you
            give it, and the content of your message. When you book a demo on our meeting page we also receive
            the time you chose and any notes you add.
          </p>
          <h3>When you sign up and use your account</h3>
          <ul>
            <li>
              <strong>Account data:</strong> name, email address, password (stored only as a salted hash),
              customer type (Individual or Business), organization name, role (admin, teammate or guest),
              invitations, preferences and single sign-on identifiers if your organization uses SSO.
            </li>
            <li>
              <strong>Billing data:</strong> billing name and address, VAT number, subscription, add-ons,
              wallet and credit transactions, and invoices. Card details are entered directly with our payment
              processor; we only see the card brand, the last four digits and the expiry date.
            </li>
            <li>
              <strong>Usage and security data:</strong> log-ins, the features and workflows you run, credit
              use, errors, IP addresses and device data, kept to operate, secure and improve the service.
            </li>
            <li>
              <strong>Support data:</strong> the content of support requests, calls and emails, and our notes
              on them.
            </li>
          </ul>
          <p>
            During sign-up we use a verification check (“Please verify that you are a human”) to stop
            automated account creation; the check processes technical data about your browser and interaction.
          </p>

          <h2 id="purposes">4. Purposes and legal bases</h2>
          <p>We rely on the following legal bases under Article 6 of the GDPR:</p>
          <PolicyTable
            caption="Why we process personal data, and on what legal basis"
            head={['Purpose', 'Data used', 'Legal basis']}
            rows={[
              [
                'Providing the service and your account, including the free trial',
                'Account, usage and support data',
                'Performance of our contract with you or your organization (Art. 6(1)(b)), or our legitimate interest in serving your organization’s users (Art. 6(1)(f))',
              ],
              [
                'Billing, invoicing, payment and bookkeeping',
                'Billing data',
                'Contract (Art. 6(1)(b)) and legal obligations under Danish bookkeeping and tax law (Art. 6(1)(c))',
              ],
              [
                'Security, fraud prevention and abuse detection',
                'Technical, usage and security data',
                'Legitimate interest in protecting our users and systems (Art. 6(1)(f))',
              ],
              [
                'Answering enquiries, demos and white-paper requests',
                'Contact details and your message',
                'Steps at your request before a contract (Art. 6(1)(b)) or legitimate interest in replying (Art. 6(1)(f))',
              ],
              [
                'Website analytics and product analytics',
                'Page views, scroll depth, feature use',
                'Your consent (Art. 6(1)(a)), which you can withdraw at any time',
              ],
              [
                'Affiliate and referral tracking',
                'Referral identifier, sign-up and lead conversions',
                'Your consent (Art. 6(1)(a))',
              ],
              [
                'Marketing emails about Dcipher',
                'Name and email address',
                'Consent (Art. 6(1)(a)) or, for existing customers, legitimate interest as permitted by the Danish Marketing Practices Act; every email has an unsubscribe link',
              ],
              [
                'Improving and developing the service',
                'Aggregated usage data and error reports',
                'Legitimate interest in improving our products (Art. 6(1)(f)); we do not use your analysed content for this',
              ],
              [
                'Legal claims and compliance',
                'Any relevant data',
                'Legal obligation (Art. 6(1)(c)) and legitimate interest in establishing or defending claims (Art. 6(1)(f))',
              ],
            ]}
          />
          <p>
            Where we rely on legitimate interest, we have weighed our interest against your rights and
            expectations. You can ask us for that assessment and object at any time (see section 11).
          </p>

          <h2 id="cookies">5. Cookies and consent</h2>
          <p>
            Cookies are small files stored by your browser. We group ours by purpose, and only the first group
            is set without your consent.
          </p>
          <ul>
            <li>
              <strong>Strictly necessary:</strong> keep you signed in (including the optional “stay signed in”
              for two weeks), protect forms against abuse, balance load, and remember your cookie choices.
              These cookies are set on the dcipher.io domain and its subdomains so that the website and the
              app share one sign-in.
            </li>
            <li>
              <strong>Analytics (consent required):</strong> record page views, scroll depth and how features
              are used, so we can see which content helps and where people get stuck. No analytics script runs
              and no analytics cookie is set until you accept analytics in the cookie banner.
            </li>
            <li>
              <strong>Marketing and affiliate (consent required):</strong> if you arrive through a partner’s
              link, an affiliate script records the click and, later, whether you started a trial or became a
              lead, so we can pay the partner. It loads only when our affiliate program is active and you have
              consented.
            </li>
          </ul>
          <p>
            You can change your choice at any time by clearing cookies for dcipher.io in your browser, after
            which we ask again on your next visit, or by writing to {mail}. Withdrawing consent does not
            affect processing that took place before.
          </p>
          <p>
            We also collect error reports when a page or the app fails, to fix problems quickly. Error reports
            contain technical data about the failure and the preceding steps; text typed into forms is masked
            before it leaves your browser.
          </p>

          <h2 id="sharing">6. Processors and other recipients</h2>
          <p>
            We do not sell personal data. We use carefully selected service providers (processors) that
            process data only on our instructions, under data processing agreements that meet Article 28 of
            the GDPR:
          </p>
          <ul>
            <li>cloud infrastructure and database hosting, in EU data centres;</li>
            <li>product and website analytics, hosted in the EU, used only with consent;</li>
            <li>error monitoring and performance diagnostics;</li>
            <li>payment processing for card payments and direct debits;</li>
            <li>transactional email delivery (sign-up, verification, password reset and invoices);</li>
            <li>customer relationship management, meeting booking and our help centre;</li>
            <li>bot protection for the sign-up form;</li>
            <li>
              AI model and machine translation providers, which process texts only to return the result you
              asked for, do not retain them beyond that, and may not use them for training.
            </li>
          </ul>
          <p>
            We also share data with our accountants, auditors and legal advisers when necessary, with
            authorities when the law requires it, and with a buyer or successor if Dcipher is reorganised or
            sold, in which case this policy continues to protect your data. A current list of our processors
            is available on request at {mail}.
          </p>

          <h2 id="transfers">7. International transfers</h2>
          <p>
            We store and process personal data in the European Economic Area. Some providers belong to groups
            based outside the EEA, or offer support from there. When personal data may be accessed from a
            country without an EU adequacy decision, we rely on the European Commission’s standard contractual
            clauses, or, for certified US companies, the EU-US Data Privacy Framework, together with
            additional measures such as encryption and access controls. You can ask us for a copy of the
            relevant safeguards.
          </p>

          <h2 id="retention">8. How long we keep data</h2>
          <PolicyTable
            caption="Retention periods"
            head={['Data', 'How long we keep it']}
            rows={[
              [
                'Account data',
                'While the account exists, then deleted within 30 days of account deletion, except what we must keep by law',
              ],
              [
                'Trials that do not become subscriptions',
                `Content created in the trial: 30 days after the ${freeTrialDays}-day trial ends. Account details: 12 months, so that you can reactivate the trial, then deleted`,
              ],
              [
                'Invoices and bookkeeping records',
                '5 years from the end of the financial year, as Danish law requires',
              ],
              [
                'Enquiries, demo bookings and white-paper requests',
                '24 months after our last contact with you',
              ],
              ['Security and access logs', '90 days, longer only while investigating an incident'],
              ['Analytics data', '14 months, in pseudonymised form'],
              ['Error reports', '90 days'],
              ['Marketing consent records', 'As long as the consent applies, plus 2 years as proof'],
              [
                'Content you collect or upload to analyse',
                'The retention period your organization chose: 90, 180 or 360 days (see section 9)',
              ],
            ]}
          />

          <h2 id="customer-data">9. Data you analyse in the service</h2>
          <p>
            Texts and files that you upload or collect through Dcipher (survey answers, reviews, social media
            posts, news articles, documents and knowledge bases) belong to you. For any personal data in that
            content, your organization is the controller and Dcipher is the processor. Our data processing
            agreement forms part of our <a href="/ToS.pdf">terms of service (PDF)</a> and sets out the
            instructions, security measures and sub-processors that apply.
          </p>
          <ul>
            <li>
              Your organization’s admins choose the cloud region where the content is stored. By default it is
              an EU region.
            </li>
            <li>
              Admins also choose a retention period of 90, 180 or 360 days for collected and uploaded data.
              When the period ends, the data and the copies derived from it are deleted from the service;
              backups are overwritten within a further 35 days.
            </li>
            <li>
              We access content only to provide the service, to give support you ask for, or when the law
              requires it, and we do not use it to train AI models.
            </li>
          </ul>
          <p>
            If your personal data appears in content a Dcipher customer analyses, please contact that customer
            first. We will help them answer your request, and we will forward any request we receive to them.
          </p>

          <h2 id="security">10. Security</h2>
          <p>
            We protect personal data with encryption in transit and at rest, single sign-on and role-based
            access for customers, the principle of least privilege and multi-factor authentication for our
            staff, separated environments, regular penetration tests, and logging and monitoring of access.
            Passwords are stored only as strong, salted hashes, and organizations can set a password-expiry
            policy for their members. If a personal data breach is likely to put you at risk, we notify the
            Danish Data Protection Agency within 72 hours and inform you without undue delay.
          </p>

          <h2 id="rights">11. Your rights</h2>
          <p>Under the GDPR you have the right to:</p>
          <ul>
            <li>access the personal data we hold about you and receive a copy;</li>
            <li>have inaccurate data corrected, and incomplete data completed;</li>
            <li>have your data erased, for example when it is no longer needed or you withdraw consent;</li>
            <li>restrict processing while a question about accuracy or lawfulness is resolved;</li>
            <li>receive data you gave us in a structured, machine-readable format (data portability);</li>
            <li>object to processing based on legitimate interest, and to direct marketing at any time;</li>
            <li>withdraw consent at any time, without affecting earlier processing.</li>
          </ul>
          <p>
            Account holders can update their details, change their password, manage privacy and security
            settings and delete their account in the account area. For anything else, write to {mail}. We
            answer within one month, and may ask you to confirm your identity first.
          </p>
          <p>
            You can also complain to the Danish Data Protection Agency (Datatilsynet) or to the supervisory
            authority where you live or work. We would appreciate the chance to address your concern first.
          </p>

          <h2 id="other">12. Children, automated decisions and changes</h2>
          <p>
            The website and the service are intended for professional use and are not directed at children
            under 16. We do not knowingly collect their personal data.
          </p>
          <p>
            We do not make decisions about you that have legal or similarly significant effects based solely
            on automated processing. The AI in Dcipher analyses the content customers choose; it does not
            profile website visitors or account holders.
          </p>
          <p>
            We update this policy when our processing changes. The date at the top shows the latest version.
            If a change is significant, we tell account holders by email or in the app before it takes effect.
          </p>

          <h2 id="contact">13. Contact us</h2>
          <p>
            Dcipher ApS, Applebys Plads 7, 1411 Copenhagen K, Denmark. Email {mail} for questions about
            privacy, to exercise your rights, or to reach our data protection officer. You can also reach us
            by phone on{' '}
            <a href={`tel:${companyContacts.supportPhone.replace(/\s/g, '')}`}>
              {companyContacts.supportPhone}
            </a>{' '}
            or through our <Link to="/contact-us">contact page</Link>.
          </p>
        </Prose>
      </Section>
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo
    title="Privacy policy"
    description="How Dcipher handles personal data on its website and platform: legal bases, cookies and consent, processors, EU hosting, retention and your GDPR rights."
    pathname={location.pathname}
  />
);
