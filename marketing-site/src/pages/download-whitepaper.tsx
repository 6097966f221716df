import * as whitePaper from '@dcipher/shared/contract/white-paper';
import {
  Form,
  FormCheckboxField,
  FormSubmitButton,
  FormTextField,
  Notice,
  theme,
  useContractForm,
  useHydratedDefaults,
} from '@dcipher/shared/ui';
import type { HeadProps } from 'gatsby';
import { useState } from 'react';
import { LeadFields } from '../components/forms/lead-fields';
import { publicApi, trackLead } from '../components/forms/public-api';
import { QuickSignupForm } from '../components/forms/quick-signup-form';

import { Layout } from '../components/layout';
import { PageHero, Section } from '../components/page-sections';
import { Seo } from '../components/seo';
import { whitePaperPageCount } from '../site-config';

const chapters = [
  'Why insight work stalls: the cost of reading everything by hand',
  'From text to decisions: themes, trends and narratives with AI you can audit',
  'Workflows that keep watching: scheduling, alerts and reports',
  'Governance: EU hosting, retention, access control and model choice',
  'Three case examples and how they measured success',
];

const formLabel = 'White paper request';

export default function DownloadWhitePaperPage() {
  const [download, setDownload] = useState<{ url: string; email: string }>();
  const { defaultValues, ready } = useHydratedDefaults(formLabel, {
    firstName: '',
    lastName: '',
    email: '',
    company: '',
    jobTitle: '',
    receiveEmails: false,
  });
  const form = useContractForm({
    schema: whitePaper.requestWhitePaper.body.schema,
    defaultValues,
    onSubmit: async (body) => {
      const api = await publicApi();
      const { downloadUrl } = await api.call(whitePaper.requestWhitePaper, { body });
      setDownload({ url: downloadUrl, email: body.email });
      trackLead(body.email);
    },
  });
  return (
    <Layout>
      <PageHero
        eyebrow="White paper"
        title="From text to decisions: automating insight work with AI"
        lead="A practical guide for research, CX and strategy teams who want answers from open-ended text in hours, not weeks, without losing the ability to check every conclusion."
      />
      <Section>
        <div
          css={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(22rem, 100%), 1fr))',
            gap: '3rem',
          }}
        >
          <div>
            <h2 css={{ fontSize: '1.3rem' }}>What is inside</h2>
            <ol css={{ color: theme.colors.muted, paddingLeft: '1.25rem' }}>
              {chapters.map((chapter) => (
                <li key={chapter} css={{ marginBottom: '0.5rem' }}>
                  {chapter}
                </li>
              ))}
            </ol>
            <p css={{ color: theme.colors.muted }}>
              {whitePaperPageCount} pages, PDF. Free; we ask who you are so we can follow up if you want us
              to.
            </p>
          </div>
          {download ? (
            <div>
              <Notice>
                <p css={{ marginTop: 0 }}>
                  <strong>Thank you. Your copy is ready.</strong> We have also emailed a link to it to{' '}
                  <span css={{ overflowWrap: 'anywhere' }}>{download.email}</span>.
                </p>
                <p css={{ marginBottom: 0 }}>
                  <a href={download.url} download>
                    Download the white paper (PDF)
                  </a>
                </p>
              </Notice>
              <QuickSignupForm email={download.email} />
            </div>
          ) : (
            <Form form={form} aria-label={formLabel}>
              <LeadFields field={(props) => <FormTextField form={form} {...props} />} />
              <FormCheckboxField
                form={form}
                name="receiveEmails"
                label="Send me occasional product news and event invitations"
              />
              <FormSubmitButton form={form} busyLabel="Preparing your copy…" disabled={!ready}>
                Get the white paper
              </FormSubmitButton>
            </Form>
          )}
        </div>
      </Section>
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo
    title="White paper: automating insight work with AI"
    description="Download our free white paper on turning open-ended text into decisions with auditable AI: methods, governance and case examples."
    pathname={location.pathname}
  />
);
