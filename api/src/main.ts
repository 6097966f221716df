import { Server } from 'node:net';
import type { FastifyListenOptions } from 'fastify';
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
// A socket the service manager passed (LISTEN_FDS, docs/decisions/0087) outlives this process: its successor takes
// the connections this one no longer accepts. The host is given so Fastify binds nothing else ("localhost" would
// make it add ::1); Fastify hands its options to net.Server.listen, which serves the descriptor (Fastify's types
// leave `fd` out).
const { api: apiSocket, metrics: metricsSocket } = config.inheritedSockets;
await app.listen(
  apiSocket === undefined
    ? { host: config.host, port: config.port }
    : ({ fd: apiSocket, host: '127.0.0.1' } as FastifyListenOptions),
);
app.log.info(
  `Dcipher API (${config.environment}) ready at ${
    apiSocket === undefined
      ? `http://${config.host}:${config.port}`
      : `the passed socket (descriptor ${apiSocket})`
  }`,
);
const metricsServer =
  config.metrics.port > 0 || metricsSocket !== undefined ? createMetricsServer(app.metrics) : undefined;
if (metricsServer) {
  metricsServer.on('error', (error) => app.log.error({ err: error }, 'the metrics port could not be opened'));
  const announce = () => app.log.info(`metrics served, GET /metrics`);
  if (metricsSocket === undefined) metricsServer.listen(config.metrics.port, config.metrics.host, announce);
  else metricsServer.listen({ fd: metricsSocket }, announce);
}
// A supervisor that started this process with an IPC channel is told it serves (systemd's READY=1, in Node's
// terms): it then stops the process this one replaces. The channel does not keep the process alive.
if (process.send) {
  process.send({ ready: true });
  process.channel?.unref();
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
