import { type HeadProps, navigate } from 'gatsby';
import { Layout } from '../components/layout';
import { Seo } from '../components/seo';
import { loadAccountScreen } from './account-remote';
import { RemoteScreenHost } from './remote-screen';

const loadAuthApp = () => loadAccountScreen('AuthApp');

/** A signed-out page (log in, sign up, verification): the remote's AuthApp picks the screen from the path. */
export function AuthPage() {
  return (
    <Layout bare>
      <RemoteScreenHost load={loadAuthApp} navigate={(to) => void navigate(to)} />
    </Layout>
  );
}

/** Head of a signed-out page: its title, kept out of search results. */
export function authPageHead(title: string) {
  return function AuthPageHead({ location }: HeadProps) {
    return <Seo title={title} pathname={location.pathname} noIndex />;
  };
}
