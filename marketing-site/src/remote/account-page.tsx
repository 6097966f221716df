import { matchRoute } from '@dcipher/shared/routes';
import { type HeadProps, navigate } from 'gatsby';
import { Layout } from '../components/layout';
import { Seo } from '../components/seo';
import { loadAccountScreen } from './account-remote';
import { RemoteScreenHost } from './remote-screen';

const loadAccountApp = () => loadAccountScreen('AccountApp');

/**
 * A signed-in page: the remote's AccountApp picks the screen from the path. The pages using it are client-only
 * prefixes (gatsby-node.mjs), so one page serves every path below it.
 */
export function AccountPage() {
  return (
    <Layout>
      <RemoteScreenHost load={loadAccountApp} navigate={(to) => void navigate(to)} />
    </Layout>
  );
}

/** Head of a signed-in page: the declared route's title, kept out of search results. */
export function AccountPageHead({ location }: HeadProps) {
  const title = matchRoute(location.pathname, 'AccountApp')?.route.title ?? 'Account';
  return <Seo title={title} pathname={location.pathname} noIndex />;
}
