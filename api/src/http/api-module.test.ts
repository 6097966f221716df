// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify, { type FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { identityModule } from '../modules/identity/identity-module.js';
import { rolesModule } from '../modules/roles/roles-module.js';
import { apiModule } from './api-module.js';

// Stands for the platform plugin by name only: these tests are about the order checks, which run before any module
// body.
const namedPlatform = fp(async () => {}, { name: 'platform' });

describe('API modules are Fastify plugins whose order is checked (issue 23 point 2)', () => {
  it('refuses to start a module before the platform or before a module it depends on (identity needs captcha, roles needs members)', async () => {
    const start = async (...modules: FastifyPluginCallback[]) => {
      const app = Fastify();
      for (const module of modules) app.register(module);
      await app.ready();
    };
    await assert.rejects(start(rolesModule), /dependency 'platform' of plugin 'roles'/);
    await assert.rejects(start(namedPlatform, identityModule), /dependency 'captcha' of plugin 'identity'/);
    await assert.rejects(start(namedPlatform, rolesModule), /dependency 'members' of plugin 'roles'/);
  });

  it("keeps a module's routes and their hooks in its own scope, and shares what it provides", async () => {
    const provider = apiModule({
      name: 'provider',
      provide: (app) => {
        app.decorate('provided', 'shared');
      },
      routes: (scope) => {
        scope.addHook('onRequest', async (_request, reply) => {
          reply.header('x-provider-scope', 'yes');
        });
        scope.get('/provider', async () => 'provider');
      },
    });
    const consumer = apiModule({
      name: 'consumer',
      dependencies: ['provider'],
      routes: (scope) => {
        scope.get('/consumer', async () => (scope as unknown as { provided: string }).provided);
      },
    });
    const app = Fastify();
    app.register(namedPlatform).register(provider).register(consumer);
    await app.ready();
    const fromProvider = await app.inject('/provider');
    const fromConsumer = await app.inject('/consumer');
    assert.equal(fromProvider.headers['x-provider-scope'], 'yes');
    assert.equal(fromConsumer.body, 'shared');
    assert.equal(fromConsumer.headers['x-provider-scope'], undefined);
  });
});
