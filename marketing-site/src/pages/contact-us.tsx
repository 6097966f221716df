import { contactTopicLabels, contactTopics, createContactRequest } from '@dcipher/shared/contract/contact';
import { companyContacts } from '@dcipher/shared/domain';
import {
  Form,
  FormCheckboxField,
  FormSelectField,
  FormSubmitButton,
  FormTextAreaField,
  FormTextField,
  Notice,
  theme,
  useContractForm,
  useHydratedDefaults,
} from '@dcipher/shared/ui';
import type { HeadProps } from 'gatsby';
import { useEffect, useState } from 'react';
import { LeadFields } from '../components/forms/lead-fields';
import { publicApi, trackLead } from '../components/forms/public-api';

import { Layout } from '../components/layout';
import { PageHero, Section } from '../components/page-sections';
import { Seo } from '../components/seo';

const topics = contactTopics.map((value) => ({ value, label: contactTopicLabels[value] }));

const formLabel = 'Contact form';

export default function ContactUsPage() {
  const [sentTo, setSentTo] = useState<string>();
  const { defaultValues, ready } = useHydratedDefaults(formLabel, {
    firstName: '',
    lastName: '',
    email: '',
    company: '',
    jobTitle: '',
    phone: '',
    topic: '',
    message: '',
    receiveEmails: false,
  });
  const form = useContractForm({
    schema: createContactRequest.body.schema,
    defaultValues,
    onSubmit: async (body) => {
      const api = await publicApi();
      await api.call(createContactRequest, { body });
      setSentTo(body.email);
      trackLead(body.email);
    },
  });

  // A pricing-page "contact sales" link arrives with ?topic=sales.
  const { setValue } = form;
  useEffect(() => {
    const topic = new URLSearchParams(window.location.search).get('topic');
    if (topic && topics.some((option) => option.value === topic)) setValue('topic', topic);
  }, [setValue]);

  return (
    <Layout>
      <PageHero
        title="Contact us"
        lead="Questions about plans, a custom plan for your organisation, or help with your account: tell us a little and the right person replies within one working day."
      />
      <Section>
        <div
          css={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(22rem, 100%), 1fr))',
            gap: '3rem',
          }}
        >
          {sentTo ? (
            <Notice>
              <strong>Thank you, your message is on its way.</strong> We have sent a confirmation to{' '}
              <span css={{ overflowWrap: 'anywhere' }}>{sentTo}</span>, and a person from our team will reply
              there, usually within one working day.
            </Notice>
          ) : (
            <Form form={form} aria-label={formLabel}>
              <LeadFields field={(props) => <FormTextField form={form} {...props} />} />
              <FormTextField
                form={form}
                name="phone"
                label="Phone (optional)"
                type="tel"
                autoComplete="tel"
              />
              <FormSelectField
                form={form}
                name="topic"
                label="What is it about?"
                options={topics}
                placeholder="Choose a topic"
              />
              <FormTextAreaField form={form} name="message" label="Message" />
              <FormCheckboxField
                form={form}
                name="receiveEmails"
                label="Send me occasional product news and event invitations"
              />
              <FormSubmitButton form={form} busyLabel="Sending…" disabled={!ready}>
                Send message
              </FormSubmitButton>
            </Form>
          )}
          <aside aria-label="Other ways to reach us" css={{ color: theme.colors.muted }}>
            <h2 css={{ color: theme.colors.ink, fontSize: '1.3rem' }}>Other ways to reach us</h2>
            <p>
              Email <a href={`mailto:${companyContacts.infoEmail}`}>{companyContacts.infoEmail}</a> or call{' '}
              <a href={`tel:${companyContacts.supportPhone.replace(/\s/g, '')}`}>
                {companyContacts.supportPhone}
              </a>{' '}
              (weekdays 9:00 to 17:00 CET).
            </p>
            <p>
              Prefer to see Dcipher with your own data?{' '}
              <a href={companyContacts.meetingBookingUrl}>Book a 30-minute demo</a> with a product specialist.
            </p>
            <p>
              Already a customer? The <a href={companyContacts.helpCentreUrl}>help centre</a> answers most
              questions at once.
            </p>
          </aside>
        </div>
      </Section>
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo
    title="Contact us"
    description="Talk to the Dcipher team about plans, custom pricing, partnerships or your account. We reply within one working day."
    pathname={location.pathname}
  />
);
