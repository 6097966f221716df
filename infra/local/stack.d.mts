export type ServiceName = 'site' | 'remote' | 'api';

export interface Stack {
  urls: Record<ServiceName, string>;
  ports: Record<ServiceName, number>;
  /** Where the API keeps its PGlite database (`pglite/`) and signing keys (`keys/`). */
  dataDir: string;
  startService(name: ServiceName): Promise<void>;
  stopService(name: ServiceName): Promise<void>;
  /** The copy of the site's build this stack serves when no live release exists (undefined: none built). */
  readonly siteRoot: string | undefined;
  stop(): Promise<void>;
}

export interface StartStackOptions {
  env?: Record<string, string | undefined>;
  dataDir?: string;
  announce?: boolean;
  quiet?: boolean;
}

export const repositoryRoot: string;
export const demoSignIn: { email: string; password: string };
export function stackPorts(env?: Record<string, string | undefined>): Record<ServiceName, number>;
export function browserBuildEnv(env?: Record<string, string | undefined>): Record<string, string>;
export function startStack(options?: StartStackOptions): Promise<Stack>;
export const siteBuildDir: string;
export function snapshotSiteBuild(options: {
  from?: string;
  releasesDir: string;
  /** Makes the copy for other origins (a release); else the build is copied as it is. */
  release?: (from: string, to: string) => Promise<void>;
}): Promise<string | undefined>;
