import { businessFeatureMessage, type OrganizationFeature } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import { RouteLink } from '../../router/remote-router';

/**
 * What an Individual account sees who opens an organization-only page directly (docs/decisions/0085): the API's own
 * words for the refusal, why, and the way to a Business account. The page is not in their menu.
 */
export function BusinessOnlyPage({
  feature,
  navigate,
}: {
  feature: OrganizationFeature;
  navigate: (to: string) => void;
}) {
  return (
    <div data-testid="business-only" css={{ maxWidth: '36rem' }}>
      <p css={{ marginTop: 0, fontWeight: 600 }}>{businessFeatureMessage(feature)}</p>
      <p css={{ color: theme.colors.muted }}>
        Individual plans (Starter and Professional) are for one person, so they have no members, single
        sign-on, security policies, cloud region, activity log or sharing. To work with colleagues in one
        organization you need a Business plan: contact us and we will help you move to one.
      </p>
      <ul css={{ margin: 0, paddingLeft: '1.2rem', display: 'grid', gap: '0.35rem' }}>
        <li>
          <RouteLink to="accountContact" navigate={navigate}>
            Contact us about a Business plan
          </RouteLink>
        </li>
        <li>
          <RouteLink to="account" navigate={navigate}>
            Back to your account overview
          </RouteLink>
        </li>
      </ul>
    </div>
  );
}
