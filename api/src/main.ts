import { ConfigError, loadConfig } from './config.js';
import { createServer } from './server.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const app = await createServer(config);
await app.listen({ host: config.host, port: config.port });
app.log.info(`Dcipher API (${config.environment}) ready at http://${config.host}:${config.port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal} received, closing`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'closing failed');
        process.exit(1);
      },
    );
  });
}
