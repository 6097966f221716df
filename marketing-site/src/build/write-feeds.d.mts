export interface FeedPost {
  title: string;
  path: string;
  displayDate: string;
  excerpt: string;
}
export const unlistedPaths: RegExp[];
export function sitemapXml(siteUrl: string, paths: string[]): string;
export function robotsTxt(siteUrl: string): string;
export function rssXml(siteUrl: string, posts: FeedPost[]): string;
export interface SearchEntry {
  path: string;
  title: string;
  description: string;
}
export function searchEntryOf(path: string, html: string): SearchEntry;
export function searchIndex(publicDir: string, paths: string[]): Promise<SearchEntry[]>;
export function writeFeeds(options: {
  publicDir: string;
  siteUrl: string;
  paths: string[];
  posts: FeedPost[];
}): Promise<void>;
