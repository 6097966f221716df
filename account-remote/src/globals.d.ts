import type { BrowserConfig } from '@dcipher/shared/config';

declare global {
  const __BROWSER_CONFIG__: BrowserConfig;
}
