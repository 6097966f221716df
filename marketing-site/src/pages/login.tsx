import type { HeadProps } from 'gatsby';
import { navigate } from 'gatsby';
import { Layout } from '../components/layout';
import { Seo } from '../components/seo';
import { loadAccountScreen } from '../remote/account-remote';
import { RemoteScreenHost } from '../remote/remote-screen';

const loadAuthApp = () => loadAccountScreen('AuthApp');

export default function LoginPage() {
  return (
    <Layout bare>
      <RemoteScreenHost load={loadAuthApp} navigate={(to) => void navigate(to)} />
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => <Seo title="Log in" pathname={location.pathname} noIndex />;
