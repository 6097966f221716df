import { Server } from 'node:net';
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

/**
 * SIGTERM (a deploy, a rolling restart) and SIGINT (Ctrl-C): stop being ready, keep answering for
 * `SHUTDOWN_DRAIN_SECONDS` with every answer closing its connection, so the load balancer moves to the other
 * replicas; then stop listening, answer what still comes on the open connections until they have ended (at most
 * another drain period), finish the requests in flight, finish or hand back the running jobs, close the database
 * and exit (docs/decisions/0075, 0077). A second signal exits at once.
 */
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const again of ['SIGINT', 'SIGTERM'] as const) process.once(again, () => process.exit(1));
    app.readiness.beginShutdown();
    app.log.info(
      `${signal} received: not ready; draining for ${config.shutdownDrainSeconds} s, then closing`,
    );
    setTimeout(async () => {
      metricsServer?.close();
      // Stop accepting connections but keep the open ones: http.Server.close would also close the "idle" ones,
      // among them connections a proxy has just sent a request on that Node has not read yet (reset, a failed
      // POST). Each open connection carries at most one more request, answered with Connection: close; nginx closes
      // its idle ones itself (keepalive_timeout 4 s). Once all have ended, or after another drain period, close.
      await Promise.race([
        new Promise((resolve) => Server.prototype.close.call(app.server, resolve)),
        new Promise((resolve) => setTimeout(resolve, Math.max(config.shutdownDrainSeconds, 1) * 1000)),
      ]);
      app.close().then(
        () => {
          app.log.info('closed: every request answered, the jobs finished or handed back');
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'closing failed');
          process.exit(1);
        },
      );
    }, config.shutdownDrainSeconds * 1000);
  });
}
