import { theme } from '@dcipher/shared/ui';
import { RouteLink } from '../../router/remote-router';

/** What a user sees who opens an admin's screen directly: why not, and where to go instead. */
export function AdminOnlyPage({ purpose }: { purpose: string }) {
  return (
    <div role="alert" css={{ maxWidth: '36rem' }}>
      <p css={{ marginTop: 0, fontWeight: 600 }}>Only organization admins can {purpose}.</p>
      <p css={{ color: theme.colors.muted }}>
        Ask an admin of your organization to do it for you, or to make you an admin.
      </p>
      <RouteLink to="account">Back to your account overview</RouteLink>
    </div>
  );
}
