import type { Article, CustomerLogo, FeatureUpdate } from '@dcipher/shared/content';

export const snapshotDir: string;
export const contentTypeDefs: string;
export type RawCollections = Record<string, unknown[]>;
export function readSnapshot(directory?: string): Promise<RawCollections>;
export function validateCollections(collections: RawCollections): RawCollections;
export function normaliseCollections(collections: RawCollections): {
  articles: (Article & { path: string })[];
  featureUpdates: (FeatureUpdate & { path: string; displayDate: string })[];
  customers: CustomerLogo[];
};
export function sourceContent(
  gatsbyApi: unknown,
  options: { fromCms: boolean; snapshotDirectory?: string },
): Promise<void>;
export function localiseInlineImages(
  html: string,
  options: { fromCms: boolean; cmsUrl?: string; token?: string; snapshotDirectory?: string },
): Promise<string>;
export function writeInlineMedia(publicDir: string): Promise<number>;
