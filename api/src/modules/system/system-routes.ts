import { allEndpoints, contract } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { createOpenApiDocument } from '../../http/openapi-document.js';
import { registerEndpoint } from '../../http/register-endpoint.js';
import { pingDatabase } from './system-repository.js';

export function registerSystemRoutes(app: FastifyInstance, database: Database): void {
  registerEndpoint(app, contract.system.health, async () => {
    await pingDatabase(database);
    return { status: 'ok', database: 'ok' } as const;
  });

  // Generated once: the contract does not change while the process runs.
  const openApiDocument = createOpenApiDocument(allEndpoints);
  app.get('/openapi.json', async () => openApiDocument);
}
