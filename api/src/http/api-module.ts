import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';

export interface ApiModuleDefinition<TOptions> {
  /** The module's name, which others name in their `dependencies`. */
  name: string;
  /**
   * The modules whose decorators this one uses; Fastify refuses to start when one is missing or registered after
   * it, so an ordering rule is checked, not written in a comment. `platform` is always one.
   */
  dependencies?: readonly string[];
  /**
   * Decorates the application with what other modules use (a service, an authenticator): visible to every module
   * registered after this one.
   */
  provide?: (app: FastifyInstance, options: TOptions) => Promise<void> | void;
  /** Registers the module's routes, in a scope of its own (its hooks and decorators stay inside). */
  routes?: (scope: FastifyInstance, options: TOptions) => Promise<void> | void;
}

/**
 * An API module as a Fastify plugin (`app.register(membersModule)`): it reads the database, mailer, rate limiter
 * and configuration from the platform's decorators (`platform.ts`), provides its own decorators to later modules
 * and keeps its routes encapsulated.
 */
export function apiModule<TOptions extends Record<string, unknown> = Record<never, never>>(
  definition: ApiModuleDefinition<TOptions>,
): FastifyPluginCallback<TOptions> {
  const { name, dependencies = [], provide, routes } = definition;
  return fp<TOptions>(
    async (app, options) => {
      await provide?.(app, options);
      if (routes) await app.register(async (scope) => routes(scope, options));
    },
    { name, fastify: '5.x', dependencies: ['platform', ...dependencies] },
  );
}
