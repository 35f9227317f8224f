// The servers under load, in a process of their own so the load generator
// never shares their event loop. Prints their addresses as one JSON line,
// then serves until SIGTERM or SIGINT.
import { startBareServer } from './bare-server';
import { startSignedInApi } from './signed-in-api';

export interface BenchServers {
  /** GET auth/me/ on the real API, as the signed-in person. */
  apiUrl: string;
  /** The bare Fastify route answering the same JSON. */
  bareUrl: string;
  token: string;
}

const api = await startSignedInApi();
const bare = await startBareServer(api.me);
const addresses: BenchServers = { apiUrl: api.url, bareUrl: bare.url, token: api.token };
process.stdout.write(`${JSON.stringify(addresses)}\n`);

const stop = async () => {
  await bare.close();
  await api.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
