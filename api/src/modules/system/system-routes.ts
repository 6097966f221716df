import { allEndpoints, contract } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { createOpenApiDocument } from '../../http/openapi-document.js';
import { registerEndpoint } from '../../http/register-endpoint.js';

export function registerSystemRoutes(app: FastifyInstance, database: Database): void {
  registerEndpoint(app, contract.system.health, async () => {
    await database.query('select 1');
    return { status: 'ok', database: 'ok' } as const;
  });

  // Generated once: the contract does not change while the process runs.
  const openApiDocument = createOpenApiDocument(allEndpoints);
  app.get('/openapi.json', async () => openApiDocument);
}
