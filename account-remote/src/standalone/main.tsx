import { configureAuth } from '@dcipher/shared/auth';
import { createRoot } from 'react-dom/client';
import { StandaloneShell } from './standalone-shell';

// Standalone development shell: the remote runs on its own origin with its build-time configuration.
configureAuth({ apiBaseUrl: __BROWSER_CONFIG__.apiBaseUrl, cookieDomain: __BROWSER_CONFIG__.cookieDomain });

const container = document.getElementById('root');
if (container) createRoot(container).render(<StandaloneShell />);
