import { contract, type SharedResource } from '@dcipher/shared/contract';
import { pathTo } from '@dcipher/shared/routes';
import { Alert, Button, Notice, theme, visuallyHidden } from '@dcipher/shared/ui';
import { sharingMessages } from '@dcipher/shared/validation';
import { useState } from 'react';
import { accountQueries } from '../../kit/account-queries';
import type { AccountScreenProps } from '../../kit/account-screen';
import { useContractMutation, useLoads } from '../../kit/contract-query';
import { LoadState } from '../../kit/load-state';
import { PublicSharing, workflowPublicLink } from '../../kit/public-sharing';
import { ScreenSection } from '../../kit/screen-section';
import { type ShareableMember, ShareWithMemberForm } from '../../kit/share-with-member-form';
import { mapLoad, messageOf } from '../../kit/use-api-load';

type Member = ShareableMember;
/**
 * What "Sharing options" lists: what can be opened here. The app host's Studio projects, files and models open
 * nowhere in this product, so listing them would offer something nobody can open (issue 36).
 */
const openableHere = (resource: SharedResource) => resource.resource === 'workflow';
type Outcome = { kind: 'done' | 'failed'; text: string } | undefined;

/**
 * `/account/sharing`, "Sharing options": the organization's projects, workflows, files… the user may open, who holds
 * which role on each, and — where the policy lets them grant — sharing them with members as editor or viewer,
 * making them public to the organization, or stopping it (docs/decisions/0038).
 */
export default function SharingScreen({ navigate }: AccountScreenProps) {
  // Each change below refreshes what is listed (kit/invalidations.ts) before it is said done.
  const reads = useLoads({
    shared: accountQueries.sharedResources(),
    // Guests may not list members (none); they cannot share anything either.
    members: accountQueries.shareableMembers(),
  });
  const { reload } = reads;
  const result = mapLoad(reads.result, ({ shared, members }) => ({
    resources: shared.resources.filter(openableHere),
    members: members.users as Member[],
  }));
  return (
    <LoadState load={result} loadingText="Loading what is shared…" onRetry={() => void reload()}>
      {({ resources, members }) =>
        resources.length === 0 ? (
          <ScreenSection title="Nothing shared yet">
            <p css={{ margin: 0 }}>{sharingMessages.nothingShared}</p>
          </ScreenSection>
        ) : (
          resources.map((resource) => (
            <ResourceSharingCard
              key={resource.resourceId}
              resource={resource}
              members={members}
              navigate={navigate}
            />
          ))
        )
      }
    </LoadState>
  );
}

function ResourceSharingCard({
  resource,
  members,
  navigate,
}: {
  resource: SharedResource;
  members: Member[];
  navigate: (to: string) => void;
}) {
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);
  const updateRole = useContractMutation(contract.roles.updateResourceRole);
  const removeRole = useContractMutation(contract.roles.removeResourceRole);
  // "studio-project" reads "Studio project".
  const kind = resource.resource.replace(/-/g, ' ').replace(/^./, (first) => first.toUpperCase());
  const ref = { resource: resource.resource as never, resourceId: resource.resourceId };

  async function run(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    setOutcome(undefined);
    try {
      await work();
      setOutcome({ kind: 'done', text: done });
    } catch (error) {
      setOutcome({ kind: 'failed', text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ScreenSection title={resource.name}>
      <p css={{ marginTop: 0, color: theme.colors.muted, overflowWrap: 'anywhere' }}>
        {kind} · owned by {resource.ownerEmail}
        {resource.yourRole
          ? ` · you are its ${resource.yourRole === 'public' ? 'reader (public)' : resource.yourRole}`
          : ''}
      </p>
      {resource.resource === 'workflow' ? (
        // Workflows open in the account area (docs/decisions/0072); the app host's projects are opened there.
        <p>
          <a
            href={pathTo('workflow', { flowId: resource.resourceId })}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              navigate(pathTo('workflow', { flowId: resource.resourceId }));
            }}
          >
            Open the workflow<span css={visuallyHidden}> {resource.name}</span>
          </a>
        </p>
      ) : null}
      {outcome?.kind === 'done' ? <Notice>{outcome.text}</Notice> : null}
      {outcome?.kind === 'failed' ? <Alert>{outcome.text}</Alert> : null}
      {resource.grants.length === 0 ? (
        <p>Not shared with anyone yet.</p>
      ) : (
        <ul
          aria-label={`Who has ${resource.name}`}
          css={{ listStyle: 'none', padding: 0, margin: '0 0 1rem' }}
        >
          {resource.grants.map((grant) => (
            <li
              key={grant.userId}
              css={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: '0.5rem 1rem',
                alignItems: 'center',
                justifyContent: 'space-between',
                padding: '0.6rem 0',
                borderTop: `1px solid ${theme.colors.border}`,
              }}
            >
              <span css={{ overflowWrap: 'anywhere' }}>
                <strong>{grant.name || grant.email}</strong> ({grant.email}) — {grant.role}
              </span>
              {resource.mayGrant ? (
                <span css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
                  <Button
                    variant="secondary"
                    disabled={busy}
                    aria-label={`Make ${grant.email} ${grant.role === 'editor' ? 'a viewer' : 'an editor'} of ${resource.name}`}
                    onClick={() =>
                      void run(
                        () =>
                          updateRole.mutateAsync({
                            body: {
                              ...ref,
                              email: grant.email,
                              role: grant.role === 'editor' ? 'viewer' : 'editor',
                            },
                          }),
                        `${grant.email} is now ${grant.role === 'editor' ? 'a viewer' : 'an editor'}.`,
                      )
                    }
                  >
                    Make {grant.role === 'editor' ? 'viewer' : 'editor'}
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={busy}
                    aria-label={`Stop sharing ${resource.name} with ${grant.email}`}
                    onClick={() =>
                      void run(
                        () =>
                          removeRole.mutateAsync({
                            body: { ...ref, email: grant.email },
                          }),
                        `${resource.name} is no longer shared with ${grant.email}.`,
                      )
                    }
                  >
                    Stop sharing
                  </Button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {resource.mayGrant ? (
        <>
          <PublicSharing
            name={resource.name}
            isPublic={resource.publicRole !== null}
            meaning={
              resource.resource === 'workflow'
                ? // A workflow's public role is its visibility (docs/decisions/0094).
                  sharingMessages.workflowPublicMeaning
                : sharingMessages.otherPublicMeaning
            }
            {...(resource.resource === 'workflow'
              ? { publicLink: workflowPublicLink(resource.resourceId) }
              : {})}
            onChange={async (makePublic) => {
              await updateRole.mutateAsync({ body: { ...ref, public: makePublic } });
            }}
          />
          <ShareWithMemberForm
            resource={ref.resource}
            resourceId={resource.resourceId}
            name={resource.name}
            members={members}
            alreadyHaveIt={[resource.ownerEmail, ...resource.grants.map((grant) => grant.email)]}
          />
        </>
      ) : (
        <p css={{ color: theme.colors.muted }}>Only its owner and your organization’s admins can share it.</p>
      )}
    </ScreenSection>
  );
}
