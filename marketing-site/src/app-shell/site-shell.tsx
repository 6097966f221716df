import type { ReactNode } from 'react';
import { Layout } from '../components/layout';
import { MaintenanceNotice } from '../components/pages/maintenance-notice';
import { ConsentBanner } from './consent-banner';

declare const __MAINTENANCE_MODE__: boolean;

/** Wraps every page: the maintenance notice replaces the whole site when the flag is on; else the consent banner. */
export function SiteShell({ children }: { children: ReactNode }) {
  if (__MAINTENANCE_MODE__) {
    return (
      <Layout bare>
        <MaintenanceNotice />
      </Layout>
    );
  }
  return (
    <>
      {children}
      <ConsentBanner />
    </>
  );
}
