import type { BrowserConfig } from '@dcipher/shared/config';

declare const __BROWSER_CONFIG__: BrowserConfig;

/** Browser-visible settings, validated at build time by gatsby-node.mjs. */
export const browserConfig: BrowserConfig = __BROWSER_CONFIG__;
