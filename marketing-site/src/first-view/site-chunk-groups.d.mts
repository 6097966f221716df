import type { SiteChunkGroups } from './remote-preload';

export function siteChunkGroupsFor(stage: string, siteDirectory: string): SiteChunkGroups | null;
export function siteChunkGroupsOf(stats: {
  namedChunkGroups?: Record<string, { assets?: ReadonlyArray<string | { name: string }> }>;
}): SiteChunkGroups;
