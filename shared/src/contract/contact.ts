import * as v from 'valibot';
import { phoneField, requiredText } from '../validation/fields.js';
import { validationMessages } from '../validation/messages.js';
import { defineEndpoint } from './endpoint.js';
import { leadFields } from './lead-fields.js';

/** What a contact request is about; the contact form offers these as a choice. */
export const contactTopics = ['sales', 'support', 'partnership', 'press', 'other'] as const;
export type ContactTopic = (typeof contactTopics)[number];

/** How the contact forms (the site's contact page and the account area's Contact screen) name each topic. */
export const contactTopicLabels: Record<ContactTopic, string> = {
  sales: 'Pricing, plans or a custom plan',
  support: 'Help with my account',
  partnership: 'Partnering with Dcipher',
  press: 'Press and media',
  other: 'Something else',
};

export const contactMessageMaxLength = 5000;
export const phoneMaxLength = 50;

export const ContactRequestInputSchema = v.object({
  ...leadFields,
  // The spec makes the phone optional and gives no format rule for it.
  phone: phoneField,
  // A topic outside the list can only mean no choice was made in the form.
  topic: v.picklist(contactTopics, validationMessages.required),
  message: requiredText(contactMessageMaxLength),
});
export type ContactRequestInput = v.InferInput<typeof ContactRequestInputSchema>;

export const ContactRequestReceiptSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  receivedAt: v.pipe(v.string(), v.isoTimestamp()),
});
export type ContactRequestReceipt = v.InferOutput<typeof ContactRequestReceiptSchema>;

export const createContactRequest = defineEndpoint({
  operation: 'createContactRequest',
  errors: [],
  summary: 'Send a message to the Dcipher team from the contact page (rate limited per IP address)',
  method: 'POST',
  path: '/contact-requests',
  auth: 'public',
  body: { name: 'contactRequestInput', schema: ContactRequestInputSchema },
  response: ContactRequestReceiptSchema,
  successStatus: 201,
});
