import { type ContactRequestInputSchema, contactTopicLabels } from '@dcipher/shared/contract';
import type * as v from 'valibot';
import { renderEmailLayout } from '../../adapters/mailer/email-layout.js';
import type { EmailMessage } from '../../adapters/mailer/mailer.js';

type ContactRequest = v.InferOutput<typeof ContactRequestInputSchema>;

/**
 * How much of the message the acknowledgement repeats. Enough to recognise it; not the whole of it, so the form
 * cannot be used to mail a stranger a text of the sender's choosing under Dcipher's name.
 */
export const acknowledgedMessageMaxLength = 600;

function shortened(message: string): string {
  const text = message.trim();
  if (text.length <= acknowledgedMessageMaxLength) return text;
  return `${text.slice(0, acknowledgedMessageMaxLength).trimEnd()}… (shortened)`;
}

/**
 * Tells the requester their message arrived, repeating what they sent: topic, name and company, phone, and the
 * message (shortened). Every field is the visitor's own input, so all of it goes through `renderEmailLayout`,
 * which escapes it into the HTML; the subject is fixed, never built from input.
 */
export function contactAcknowledgementEmail(request: ContactRequest, receipt: { id: string }): EmailMessage {
  const summary = [
    `Topic: ${contactTopicLabels[request.topic]}`,
    `From: ${request.firstName} ${request.lastName}${request.jobTitle ? `, ${request.jobTitle}` : ''}, ${request.company}`,
    ...(request.phone ? [`Phone: ${request.phone}`] : []),
    `Reference: ${receipt.id}`,
  ];
  // One paragraph per line the visitor wrote, as HTML would run the lines together.
  const message = shortened(request.message)
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return {
    to: request.email,
    subject: 'We received your message to Dcipher',
    tag: 'contact-acknowledgement',
    ...renderEmailLayout({
      preheader: 'A person from our team will reply to this address, usually within one working day.',
      heading: 'We received your message',
      paragraphs: [
        `Hello ${request.firstName},`,
        'Thank you for contacting Dcipher. A person from our team will reply to this address, usually within ' +
          'one working day. This is what you sent us:',
        ...summary,
        ...message,
        'To add something, reply to our answer when it comes, or send another message from the contact page, ' +
          'quoting the reference above.',
      ],
      footer:
        'You received this email because this address was given on the contact form of the Dcipher website. ' +
        'If that was not you, you can ignore it.',
    }),
  };
}
