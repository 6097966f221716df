import type { HeadProps } from 'gatsby';
import { Layout } from '../components/layout';
import { MaintenanceNotice } from '../components/pages/maintenance-notice';
import { Seo } from '../components/seo';

export default function MaintenancePage() {
  return (
    <Layout bare>
      <MaintenanceNotice />
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo
    title="Scheduled maintenance"
    description="Dcipher is undergoing scheduled maintenance and will be back in a couple of hours."
    pathname={location.pathname}
    noIndex
  />
);
