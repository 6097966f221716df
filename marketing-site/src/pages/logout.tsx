import { authStore } from '@dcipher/shared/auth';
import { theme } from '@dcipher/shared/ui';
import { type HeadProps, navigate } from 'gatsby';
import { useEffect } from 'react';
import { Layout } from '../components/layout';
import { Seo } from '../components/seo';

/** Visiting /logout signs the user out everywhere (the forced flag) and returns them to the home page. */
export default function LogoutPage() {
  useEffect(() => {
    void authStore
      .getState()
      .logout()
      .finally(() => navigate('/', { replace: true }));
  }, []);
  return (
    <Layout bare>
      <main
        css={{ minHeight: '100vh', display: 'grid', placeItems: 'center', fontFamily: theme.font.family }}
      >
        <p role="status">Signing you out…</p>
      </main>
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => <Seo title="Log out" pathname={location.pathname} noIndex />;
