import { keepsAnonymousVisitors, matchRoute } from '@dcipher/shared/routes';
import { AccountFrame } from '@dcipher/shared/ui';
import { type HeadProps, navigate, type PageProps } from 'gatsby';
import type { ReactNode } from 'react';
import { Layout } from '../components/layout';
import { Seo } from '../components/seo';
import { useAnonymousGoesToLogin } from '../first-view/anonymous-visitor';
import { loadAccountScreen } from './account-remote';
import { RemoteScreenHost } from './remote-screen';

const loadAccountApp = () => loadAccountScreen('AccountApp');

const accountFrame = (title: string | undefined, content: ReactNode) => (
  <AccountFrame title={title}>{content}</AccountFrame>
);

/**
 * A signed-in page: the remote's AccountApp picks the screen from the path. The pages using it are client-only
 * prefixes (gatsby-node.mjs), so one page serves every path below it. Until the remote answers, the page (its
 * HTML included) shows the account area's frame, and the header offers no signing in (docs/decisions/0083). A
 * visitor without a session goes to log in and comes back (0084), except at the checkout, whose first step
 * welcomes them (the header then offers "Log in" and "Start free trial").
 */
export function AccountPage({ location }: Pick<PageProps, 'location'>) {
  const welcomesAnonymous = keepsAnonymousVisitors(location.pathname);
  useAnonymousGoesToLogin(!welcomesAnonymous);
  return (
    <Layout accountArea={welcomesAnonymous ? 'welcomes-anonymous' : true}>
      <RemoteScreenHost load={loadAccountApp} navigate={(to) => void navigate(to)} frame={accountFrame} />
    </Layout>
  );
}

/** Head of a signed-in page: the declared route's title, kept out of search results. */
export function AccountPageHead({ location }: HeadProps) {
  const title = matchRoute(location.pathname, 'AccountApp')?.route.title ?? 'Account';
  return <Seo title={title} pathname={location.pathname} noIndex />;
}
