import type { HeadProps } from 'gatsby';
import { navigate } from 'gatsby';
import { Layout } from '../components/layout';
import { Seo } from '../components/seo';
import { loadAccountScreen } from '../remote/account-remote';
import { RemoteScreenHost } from '../remote/remote-screen';

const loadAccountApp = () => loadAccountScreen('AccountApp');

/** Every path below /account (client-only, see gatsby-node.mjs) is rendered by the remote's AccountApp. */
export default function AccountPage() {
  return (
    <Layout>
      <RemoteScreenHost load={loadAccountApp} navigate={(to) => void navigate(to)} />
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => <Seo title="Account" pathname={location.pathname} noIndex />;
