export function rawCollectionsFromStrapiNodes(api: {
  getNodesByType: (type: string) => Record<string, unknown>[];
  getNode: (id: string) => Record<string, unknown> | undefined;
}): Record<string, unknown[]>;
