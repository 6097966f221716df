import type { BrowserConfig } from '@dcipher/shared/config';

declare const __BROWSER_CONFIG__: BrowserConfig;
declare const __WHITE_PAPER_PAGE_COUNT__: number;

/** Browser-visible settings, validated at build time by gatsby-node.mjs. */
export const browserConfig: BrowserConfig = __BROWSER_CONFIG__;

/** The white paper's page count, read from the PDF by gatsby-node.mjs (src/build/pdf-page-count.mjs). */
export const whitePaperPageCount: number = __WHITE_PAPER_PAGE_COUNT__;
