import type { App } from '../types';

/** Beyond the grace period: time for the rest (processing, database) to close before the process gives up. */
const CLOSE_MARGIN_MS = 15_000;

/**
 * Closes the API as a node leaving a deployment should: Fastify stops
 * accepting connections and answers 503 on kept-alive ones (so the proxy's
 * readiness check fails at once), WebSockets get "going away" (1001), and
 * in-flight requests, uploads included, finish; whatever is still running
 * after `graceMs` has its connection cut.
 */
export async function closeGracefully(app: App, graceMs: number): Promise<void> {
  const force = setTimeout(() => app.server.closeAllConnections(), graceMs);
  force.unref();
  await app.close().finally(() => clearTimeout(force));
}

/**
 * Stops on SIGINT/SIGTERM: runs `close` once and exits 0 when it finished
 * cleanly, 1 when it failed or took longer than the grace period plus a margin.
 */
export function exitOnSignals(opts: { close: () => Promise<void>; graceMs: number; log: Pick<Console, 'info' | 'error'> }) {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // Ctrl-C under npm delivers SIGINT twice (terminal and npm), so repeats are ignored.
    if (stopping) return;
    stopping = true;
    opts.log.info(`${signal} received: stopping Convene…`);
    const limitMs = opts.graceMs + CLOSE_MARGIN_MS;
    // Something holding the process open must not keep it from ever stopping.
    setTimeout(() => {
      opts.log.error(`Convene did not stop within ${Math.round(limitMs / 1000)} s; exiting anyway.`);
      process.exit(1);
    }, limitMs).unref();
    opts.close().then(
      () => {
        opts.log.info('Convene stopped.');
        process.exit(0);
      },
      (err: unknown) => {
        opts.log.error('Convene did not stop cleanly:', err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
