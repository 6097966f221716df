import { allEndpoints, contract, errorCodes } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { pendingMigrations } from '../../db/migrate.js';
import { ApiError } from '../../http/api-error.js';
import { createOpenApiDocument } from '../../http/openapi-document.js';
import { registerEndpoint } from '../../http/register-endpoint.js';
import { pingDatabase } from './system-repository.js';

export function registerSystemRoutes(app: FastifyInstance, database: Database): void {
  registerEndpoint(app, contract.system.health, async () => {
    await pingDatabase(database);
    return { status: 'ok', database: 'ok' } as const;
  });

  // Once current, always current for this process: migrations are only ever added, by newer versions.
  let migrationsCurrent = false;
  registerEndpoint(app, contract.system.ready, async () => {
    if (app.readiness.shuttingDown)
      throw new ApiError(errorCodes.notReady, { params: { reason: 'shuttingDown' } });
    try {
      await pingDatabase(database);
    } catch {
      throw new ApiError(errorCodes.notReady, { params: { reason: 'database' } });
    }
    if (!migrationsCurrent) {
      if ((await pendingMigrations(database)).length > 0)
        throw new ApiError(errorCodes.notReady, { params: { reason: 'migrations' } });
      migrationsCurrent = true;
    }
    return { status: 'ready', database: 'ok', migrations: 'current' } as const;
  });

  // Generated once: the contract does not change while the process runs.
  const openApiDocument = createOpenApiDocument(allEndpoints);
  app.get('/openapi.json', async () => openApiDocument);
}
