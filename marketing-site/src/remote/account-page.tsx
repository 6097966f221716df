import { matchRoute } from '@dcipher/shared/routes';
import { AccountFrame } from '@dcipher/shared/ui';
import { type HeadProps, navigate } from 'gatsby';
import type { ReactNode } from 'react';
import { Layout } from '../components/layout';
import { Seo } from '../components/seo';
import { loadAccountScreen } from './account-remote';
import { RemoteScreenHost } from './remote-screen';

const loadAccountApp = () => loadAccountScreen('AccountApp');

const accountFrame = (title: string | undefined, content: ReactNode) => (
  <AccountFrame title={title}>{content}</AccountFrame>
);

/**
 * A signed-in page: the remote's AccountApp picks the screen from the path. The pages using it are client-only
 * prefixes (gatsby-node.mjs), so one page serves every path below it. Until the remote answers, the page (its
 * HTML included) shows the account area's frame, and the header offers no signing in (docs/decisions/0083).
 */
export function AccountPage() {
  return (
    <Layout accountArea>
      <RemoteScreenHost load={loadAccountApp} navigate={(to) => void navigate(to)} frame={accountFrame} />
    </Layout>
  );
}

/** Head of a signed-in page: the declared route's title, kept out of search results. */
export function AccountPageHead({ location }: HeadProps) {
  const title = matchRoute(location.pathname, 'AccountApp')?.route.title ?? 'Account';
  return <Seo title={title} pathname={location.pathname} noIndex />;
}
