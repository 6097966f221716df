export interface WebpackOptions {
  entry?: Record<string, unknown>;
  [setting: string]: unknown;
}
export function stagedEntry(siteDirectory: string): string;
export function withStagedEntry(
  webpack: WebpackOptions,
  stage: string,
  siteDirectory: string,
): WebpackOptions;
