import { ConfigError, loadConfig } from './config.js';
import { createMetricsServer } from './http/metrics.js';
import { createServer } from './server.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const app = await createServer(config).catch((error: unknown) => {
  // A configuration the database contradicts (demo accounts in a deployed environment) is told like a bad variable.
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
});
await app.listen({ host: config.host, port: config.port });
app.log.info(`Dcipher API (${config.environment}) ready at http://${config.host}:${config.port}`);
const metricsServer = config.metrics.port > 0 ? createMetricsServer(app.metrics) : undefined;
if (metricsServer) {
  metricsServer.on('error', (error) => app.log.error({ err: error }, 'the metrics port could not be opened'));
  metricsServer.listen(config.metrics.port, config.metrics.host, () =>
    app.log.info(`metrics at http://${config.metrics.host}:${config.metrics.port}/metrics`),
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal} received, closing`);
    metricsServer?.close();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'closing failed');
        process.exit(1);
      },
    );
  });
}
