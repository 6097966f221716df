import { contract, ResourceGrantInputSchema } from '@dcipher/shared/contract';
import type { shareableResources } from '@dcipher/shared/domain';
import { Form, FormSelectField, FormSubmitButton, Notice, theme, useContractForm } from '@dcipher/shared/ui';
import { sharingMessages } from '@dcipher/shared/validation';
import { useState } from 'react';
import { accountQueries } from './account-queries';
import { useContractMutation, useLoad } from './contract-query';

/** A member of the organization as `GET /roles/users` lists them, to share with. */
export type ShareableMember = { userId: string; email: string; name: string; role: string };

/** The organization's members to share with (`GET /roles/users`, cached); none for a guest, who may not list them. */
export function useShareableMembers() {
  return useLoad({
    ...accountQueries.shareableMembers(),
    select: (answer) => answer.users as ShareableMember[],
  });
}

/**
 * The one form that shares a resource with a member (`POST /roles/resource`), used by "Sharing options" and the
 * workflow's own screen alike (issue 36): a member picked from the organization's (never an address typed), as
 * viewer or editor. Those who already have it are not offered.
 */
export function ShareWithMemberForm({
  resource,
  resourceId,
  name,
  members,
  alreadyHaveIt,
  onShared,
}: {
  resource: (typeof shareableResources)[number];
  resourceId: string;
  name: string;
  members: readonly ShareableMember[];
  /** The owner's and the grantees' addresses. */
  alreadyHaveIt: readonly string[];
  onShared?: () => void;
}) {
  // "Sharing options" lists who has what (kit/invalidations.ts): fresh when next shown.
  const grant = useContractMutation(contract.roles.grantResourceRole);
  const [shared, setShared] = useState<string>();
  const ref = { resource, resourceId };
  const blank = { ...ref, email: '', role: 'viewer' as const };
  const form = useContractForm({
    schema: ResourceGrantInputSchema,
    defaultValues: blank,
    onSubmit: async (values) => {
      setShared(undefined);
      await grant.mutateAsync({ body: { ...values, ...ref } });
      setShared(sharingMessages.sharedWith(values.email, values.role));
      form.reset(blank);
      onShared?.();
    },
  });
  const candidates = members.filter((member) => !alreadyHaveIt.includes(member.email));
  if (candidates.length === 0 && !shared) {
    return <p css={{ color: theme.colors.muted }}>{sharingMessages.everyoneHasIt}</p>;
  }
  return (
    <Form form={form} aria-label={sharingMessages.formLabel(name)}>
      {shared ? <Notice>{shared}</Notice> : null}
      <div
        css={{
          display: 'grid',
          gap: '0 1rem',
          // minmax(0, …): a member's long name in the picker must not widen the column past a 320 px screen.
          gridTemplateColumns: 'minmax(0, 1fr)',
          '@media (min-width: 40rem)': { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' },
        }}
      >
        <FormSelectField
          form={form}
          name="email"
          label={sharingMessages.shareWith}
          placeholder={sharingMessages.chooseMember}
          options={candidates.map((member) => ({
            value: member.email,
            label: `${member.name || member.email} (${member.email})`,
          }))}
        />
        <FormSelectField
          form={form}
          name="role"
          label={sharingMessages.as}
          options={[
            { value: 'viewer', label: sharingMessages.viewer },
            { value: 'editor', label: sharingMessages.editor },
          ]}
        />
      </div>
      <FormSubmitButton form={form} busyLabel={sharingMessages.sharing}>
        {sharingMessages.share}
      </FormSubmitButton>
    </Form>
  );
}
