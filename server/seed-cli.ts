// `npm run seed -- --edges N [--name NAME] [--organisation demo]`: makes a project with a generated FTTH network of
// exactly N edges in the configured database (DATABASE_URL, or PGlite in DATA_DIR) for scale tests.
import { configFromEnv } from './config';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { generateFtthNetwork } from './projects/generate';
import { insertNetwork } from './projects/bulk-insert';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const edges = Number(arg('edges') ?? 10_000);
if (!Number.isInteger(edges) || edges < 1) { console.error('--edges must be a positive integer'); process.exit(2); }
const config = configFromEnv();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  const orgName = arg('organisation') ?? 'demo';
  await db.query('INSERT INTO organisations (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [orgName]);
  const org = (await db.query<{ id: number }>('SELECT id FROM organisations WHERE name = $1', [orgName])).rows[0].id;
  const name = arg('name') ?? `Scale test ${edges} edges`;
  const t0 = performance.now();
  const net = generateFtthNetwork({ maxEdges: edges });
  const t1 = performance.now();
  const p = await db.query<{ id: number }>('INSERT INTO project (organisation_id, name, project_type_id) VALUES ($1, $2, 10) RETURNING id', [org, name]);
  await insertNetwork(db, p.rows[0].id, net);
  const t2 = performance.now();
  const n = net.objects.filter((o) => o.kind === 'edge').length;
  console.log(`project ${p.rows[0].id} "${name}" (organisation ${orgName}): ${n} edges, ${net.objects.length} network objects, ` +
    `${net.instances.length} instances, ${net.values.length} attribute values, ${net.relations.length} relations ` +
    `(generated in ${Math.round(t1 - t0)} ms, stored in ${Math.round(t2 - t1)} ms)`);
} finally {
  await db.close();
}
