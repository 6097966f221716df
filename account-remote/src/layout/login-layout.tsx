import { pageTitle } from '@dcipher/shared/domain';
import { LoginFrame } from '@dcipher/shared/ui';
import { type ReactNode, useEffect } from 'react';

/**
 * The spec's login-style layout: full screen, background image, the logo and a way back to the site, centred
 * content, page title. The frame is shared with the host, whose HTML shows it before this remote loads.
 */
export function LoginLayout({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);

  return <LoginFrame title={title}>{children}</LoginFrame>;
}
