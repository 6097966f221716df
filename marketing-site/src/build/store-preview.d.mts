import type { StoreSampleRun } from './load-workflow-store.mjs';

export const previewKeywordCount: number;

/** A store card's figures from its sample's last run. */
export interface StorePreview {
  headline: string | null;
  documentsAnalysed: number;
  keywords: { term: string; documents: number }[];
}

export function storePreviewOf(lastRun: StoreSampleRun | null): StorePreview | null;
