import { authenticatedApi } from '@dcipher/shared/auth';
import { contract, InviteInputSchema } from '@dcipher/shared/contract';
import type { OrganizationRole } from '@dcipher/shared/domain';
import {
  Form,
  FormSelectField,
  FormSubmitButton,
  FormTextAreaField,
  theme,
  useContractForm,
} from '@dcipher/shared/ui';
import { emailField, memberMessages, validationMessages } from '@dcipher/shared/validation';
import { useState } from 'react';
import * as v from 'valibot';
import { useContractMutation } from '../../kit/contract-query';
import { ScreenSection } from '../../kit/screen-section';
import { messageOf } from '../../kit/use-api-load';
import { dateOf, roleHints, roleLabels, roleOptions, wrappableEmail } from './member-labels';

/** The most addresses one form invites (one call each). */
export const invitationsAtOnceMax = 20;

/** The addresses typed, separated by commas, semicolons, spaces or new lines, each once. */
export const splitEmails = (text: string) => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((part) => part.trim())
      .filter(Boolean),
  ),
];

/**
 * The form's addresses: each checked with the contract's email rule and its message (the API checks each again),
 * named in the message when it fails, then the list in lower case as the API keeps it.
 */
const InviteManySchema = v.object({
  emails: v.pipe(
    v.string(validationMessages.required),
    v.trim(),
    v.nonEmpty(validationMessages.required),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const emails = splitEmails(dataset.value);
      if (emails.length > invitationsAtOnceMax) {
        addIssue({ message: memberMessages.tooManyInvitations });
        return NEVER;
      }
      const refused: string[] = [];
      const accepted: string[] = [];
      for (const email of emails) {
        const checked = v.safeParse(emailField, email);
        // Each address once, as the API keeps it (lower case).
        if (checked.success) {
          if (!accepted.includes(checked.output)) accepted.push(checked.output);
        } else refused.push(`“${email}”: ${checked.issues[0].message}`);
      }
      if (refused.length > 0) {
        addIssue({ message: refused.join('; ') });
        return NEVER;
      }
      return accepted;
    }),
  ),
  role: InviteInputSchema.entries.role,
});

type InviteResult = { email: string; sent: boolean; text: string };

/** "Invite members": several addresses at once, one role, one answer per address (issue 25). */
export function InviteSection() {
  const api = authenticatedApi();
  // An invitation sent refreshes the members listed (kit/invalidations.ts).
  const invite = useContractMutation(contract.invitations.inviteUser);
  const [results, setResults] = useState<InviteResult[]>();

  async function inviteOne(email: string, role: OrganizationRole): Promise<InviteResult> {
    try {
      const check = await api.call(contract.members.checkMemberEmail, { query: { email } });
      if (check.inOrganization === 'member')
        return { email, sent: false, text: 'This person is already a member of your organization.' };
      if (check.inOrganization === 'invited')
        return {
          email,
          sent: false,
          text: 'This person has already been invited. Resend the invitation from the list instead.',
        };
      const sent = await invite.mutateAsync({ body: { email, role } });
      return {
        email,
        sent: true,
        text: `Invitation sent as ${roleLabels[sent.role].toLowerCase()}. The link works until ${dateOf(sent.expiresAt)}.`,
      };
    } catch (error) {
      return { email, sent: false, text: messageOf(error) };
    }
  }

  const form = useContractForm({
    schema: InviteManySchema,
    defaultValues: { emails: '', role: 'teammate' },
    onSubmit: async ({ emails, role }) => {
      setResults(undefined);
      // One after another: the answers come back in the order typed, and the API's rate limit is not raced.
      const answers: InviteResult[] = [];
      for (const email of emails) answers.push(await inviteOne(email, role));
      setResults(answers);
      // What was not sent stays in the field, to correct or leave.
      form.reset({
        emails: answers
          .filter((answer) => !answer.sent)
          .map((answer) => answer.email)
          .join('\n'),
        role,
      });
    },
  });

  const sentCount = results?.filter((result) => result.sent).length ?? 0;
  return (
    <ScreenSection title="Invite members">
      <p css={{ marginTop: 0, color: theme.colors.muted }}>
        We email each person a link to join your organization. It works for 7 days; they can also decline it.
      </p>
      <Form form={form} aria-label="Invite members">
        <FormTextAreaField
          form={form}
          name="emails"
          label="Work emails (separate them with commas, spaces or new lines)"
          rows={3}
          autoComplete="off"
          spellCheck={false}
        />
        <FormSelectField form={form} name="role" label="Role" options={roleOptions} />
        <p css={{ marginTop: '-0.5rem', color: theme.colors.muted, fontSize: '0.9rem' }}>
          An admin {roleHints.admin}; a teammate {roleHints.teammate}; a guest {roleHints.guest}.
        </p>
        <FormSubmitButton form={form} busyLabel="Sending…">
          Send invitations
        </FormSubmitButton>
      </Form>
      {results ? (
        <div role="status" css={{ marginTop: '1rem' }}>
          <p css={{ fontWeight: 600, margin: '0 0 0.5rem' }}>
            {sentCount === results.length
              ? `${sentCount === 1 ? 'Invitation' : `${sentCount} invitations`} sent.`
              : `${sentCount} of ${results.length} invitations sent. The addresses not invited are still in the field.`}
          </p>
          <ul aria-label="Invitation results" css={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {results.map((result) => (
              <li
                key={result.email}
                css={{
                  padding: '0.5rem 0.75rem',
                  marginBottom: '0.35rem',
                  borderRadius: theme.radius,
                  borderLeft: `4px solid ${result.sent ? '#1f7a4d' : theme.colors.danger}`,
                  background: result.sent ? '#eef8f2' : theme.colors.dangerSurface,
                }}
              >
                <strong css={{ overflowWrap: 'anywhere' }}>{wrappableEmail(result.email)}</strong>
                {result.sent ? ' — ' : ' — not invited: '}
                {result.text}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </ScreenSection>
  );
}
