import { createHash } from 'node:crypto';

/** The system organization that owns the store's public samples (one per database; nobody signs in to it). */
export const workflowStoreOrganization = {
  id: '00000000-0000-4000-8000-0000000f1035',
  name: 'Dcipher workflow store',
  ownerEmail: 'workflow-store@system.dcipher.invalid',
} as const;

/** The store's sample flow of a catalogue entry: a fixed id derived from the entry's, the same in every process. */
export function storeFlowId(predefinedFlowId: string): string {
  const hex = createHash('sha256').update(`dcipher-workflow-store:${predefinedFlowId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
