import type { Flow } from '@dcipher/shared/contract/flows';
import * as flows from '@dcipher/shared/contract/flows';
import { routes } from '@dcipher/shared/routes';
import { sharingMessages } from '@dcipher/shared/validation';
import { useContractMutation } from '../../kit/contract-query';
import { PublicSharing, workflowPublicLink } from '../../kit/public-sharing';
import { ShareWithMemberForm, useShareableMembers } from '../../kit/share-with-member-form';
import { AreaLink } from './workflow-parts';
import { changedFlow } from './workflow-queries';

/**
 * "Sharing" on a workflow's screen: the same public-sharing control and member form as "Sharing options"
 * (kit/public-sharing.tsx, kit/share-with-member-form.tsx, decision 0115), for those who may grant it.
 */
export function SharingSection({ flow, navigate }: { flow: Flow; navigate: (to: string) => void }) {
  const members = useShareableMembers().result;
  const visibility = useContractMutation(flows.updateFlow, changedFlow);
  return (
    <div>
      <PublicSharing
        name={flow.name}
        isPublic={flow.visibility === 'public'}
        meaning={sharingMessages.workflowPublicMeaning}
        publicLink={workflowPublicLink(flow.id)}
        onChange={async (makePublic) => {
          await visibility.mutateAsync({
            params: { flowId: flow.id },
            body: { visibility: makePublic ? 'public' : 'private' },
          });
        }}
      />
      {/* The same form as "Sharing options": a member picked, never an address typed (issue 36). */}
      <ShareWithMemberForm
        resource="workflow"
        resourceId={flow.id}
        name={flow.name}
        members={members.state === 'loaded' ? members.data : []}
        alreadyHaveIt={[flow.owner.email]}
      />
      <p css={{ marginBottom: 0 }}>
        <AreaLink to={routes.accountSharing.path} navigate={navigate}>
          See who has it in Sharing options
        </AreaLink>
      </p>
    </div>
  );
}
