export const remotePrerenderModule: string;
export function browserPrerenderStandIn(siteDirectory: string): string;
export function remotePrerenderAlias(
  stage: string,
  siteDirectory: string,
): { resolve?: { alias: Record<string, string> } };
