import type { ReactNode } from 'react';
import { Layout } from '../components/layout';
import { MaintenanceNotice } from '../components/pages/maintenance-notice';

declare const __MAINTENANCE_MODE__: boolean;

/** Wraps every page: the maintenance notice replaces the whole site when the flag is on. */
export function SiteShell({ children }: { children: ReactNode }): ReactNode {
  if (__MAINTENANCE_MODE__) {
    return (
      <Layout bare>
        <MaintenanceNotice />
      </Layout>
    );
  }
  return children;
}
