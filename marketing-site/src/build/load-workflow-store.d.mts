import type { RunInsights } from '@dcipher/shared/contract/flows';

/** What a store page shows of a sample's last finished run. */
export interface StoreSampleRun {
  finishedAt: string | null;
  documentsAnalysed: number;
  insights: RunInsights;
}

/** One predefined workflow as the API prices and runs it (its words are the catalogue's, @dcipher/shared/domain). */
export interface StoreWorkflow {
  id: string;
  creditsPerThousandDocuments: number;
  /** Null while its sample has no finished run. */
  lastRun: StoreSampleRun | null;
}

export interface BuiltWorkflowStore {
  workflows: StoreWorkflow[];
}

interface Reporter {
  info(message: string): void;
  warn(message: string): void;
}

interface ApiReader {
  where: string;
  get(path: string): Promise<unknown>;
  close(): Promise<void>;
}

export const sampleRunWaitMs: number;

export function loadWorkflowStore(options: {
  apiBaseUrl: string;
  environment: string;
  reporter: Reporter;
  fetch?: typeof fetch;
  startInProcessApi?: () => Promise<ApiReader>;
  waitMs?: number;
  sleep?: (milliseconds: number) => Promise<void>;
  now?: () => number;
}): Promise<BuiltWorkflowStore>;
