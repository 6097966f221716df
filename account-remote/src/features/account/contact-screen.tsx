import { authenticatedApi } from '@dcipher/shared/auth';
import {
  ContactRequestInputSchema,
  contactTopicLabels,
  contactTopics,
  contract,
} from '@dcipher/shared/contract';
import { companyContacts } from '@dcipher/shared/domain';
import {
  Button,
  Form,
  FormSelectField,
  FormSubmitButton,
  FormTextAreaField,
  FormTextField,
  Notice,
  theme,
  useContractForm,
} from '@dcipher/shared/ui';
import { useState } from 'react';
import * as v from 'valibot';
import { useAccount } from '../../kit/account-context';
import { ScreenSection } from '../../kit/screen-section';

/** What the signed-in form asks: the rest of the contact request comes from the account itself. */
const AccountContactSchema = v.pick(ContactRequestInputSchema, ['phone', 'topic', 'message']);

const topicOptions = contactTopics.map((value) => ({ value, label: contactTopicLabels[value] }));

/**
 * /account/contact (spec section 2, "contact"): the support phone and info email, and a message to the team sent
 * as the signed-in person (`POST /contact-requests`), so nobody types their name and address again.
 */
export default function ContactScreen() {
  const { account } = useAccount();
  const [sentTo, setSentTo] = useState<string>();
  const blank = { phone: account.phone ?? '', topic: 'support', message: '' };
  const form = useContractForm({
    schema: AccountContactSchema,
    defaultValues: blank,
    onSubmit: async (values) => {
      await authenticatedApi().call(contract.contact.createContactRequest, {
        body: {
          ...values,
          firstName: account.firstName,
          lastName: account.lastName,
          email: account.email,
          company: account.company || account.organization.name,
          jobTitle: account.jobTitle ?? '',
          receiveEmails: false,
        },
      });
      setSentTo(account.email);
      form.reset(blank);
    },
  });
  const phoneHref = `tel:${companyContacts.supportPhone.replace(/\s/g, '')}`;

  return (
    <>
      <ScreenSection title="Talk to us">
        <dl
          css={{
            display: 'grid',
            gridTemplateColumns: 'max-content minmax(0, 1fr)',
            gap: '0.4rem 1.25rem',
            margin: 0,
          }}
        >
          <dt css={{ fontWeight: 600 }}>Support phone</dt>
          <dd css={{ margin: 0, whiteSpace: 'nowrap' }}>
            <a href={phoneHref}>{companyContacts.supportPhone}</a>
          </dd>
          <dt css={{ fontWeight: 600 }}>Email</dt>
          <dd css={{ margin: 0, overflowWrap: 'anywhere' }}>
            <a href={`mailto:${companyContacts.infoEmail}`}>{companyContacts.infoEmail}</a>
          </dd>
        </dl>
        <p css={{ color: theme.colors.muted, marginBottom: 0 }}>
          We answer the phone on weekdays from 9:00 to 17:00 CET, and every message within one working day.
        </p>
      </ScreenSection>
      <ScreenSection title="Send us a message">
        {sentTo ? (
          <Notice>
            <strong>Thank you, your message is on its way.</strong> We have sent a confirmation to {sentTo}{' '}
            and will reply there, usually within one working day.{' '}
            <Button variant="secondary" onClick={() => setSentTo(undefined)}>
              Write another message
            </Button>
          </Notice>
        ) : (
          <>
            <p css={{ marginTop: 0, color: theme.colors.muted, overflowWrap: 'anywhere' }}>
              Sent as {account.firstName} {account.lastName} ({account.email}) of {account.organization.name}.
            </p>
            <Form form={form} aria-label="Message to the Dcipher team">
              <FormSelectField
                form={form}
                name="topic"
                label="What is it about?"
                options={topicOptions}
                placeholder="Choose a topic"
              />
              <FormTextAreaField form={form} name="message" label="Message" />
              <FormTextField
                form={form}
                name="phone"
                label="Phone for a call back (optional)"
                type="tel"
                autoComplete="tel"
              />
              <FormSubmitButton form={form} busyLabel="Sending…">
                Send message
              </FormSubmitButton>
            </Form>
          </>
        )}
      </ScreenSection>
    </>
  );
}
