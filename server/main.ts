// Entry point of `npm start`: starts the server from the environment, prints the URL and the demo users, and stops
// cleanly on Ctrl+C (HTTP closed, database closed, so the next start finds it intact).
import { configFromEnv } from './config';
import { startServer } from './server';
import { demoUsersText } from './seed/demo-users';
import { warmNetworkCache } from './network/warm';

const config = configFromEnv();
const server = await startServer(config);
const shown = `http://localhost:${new URL(server.url).port}`;
console.log(`\nServer running at ${shown}  (database: ${config.databaseUrl ? 'PostgreSQL server' : `PGlite in ${config.dataDir}`})`);
if (config.demoSeed) console.log(demoUsersText(config));
// in the background: the first open of an active project must not wait for a full network build
void warmNetworkCache(server.db, Number(process.env.NETWORK_WARM_PROJECTS ?? 3), (m) => console.log(m)).catch((e) => console.error('network cache warm-up failed:', e));

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal} received, stopping…`);
  try { await server.close(); console.log('Stopped cleanly.'); process.exit(0); }
  catch (e) { console.error(e); process.exit(1); }
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
