// `npm run seed -- --edges N [--name NAME] [--organisation demo] [--tile 24] [--check-each-row]`: makes a project with a generated FTTH
// network of exactly N edges in the configured database (DATABASE_URL, or PGlite in DATA_DIR) for scale tests.
// Generated and stored tile by tile (≈ 8,000 edges a block) in one transaction, with progress; memory is bounded by
// a block, not by N.
import { configFromEnv } from './config';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { seedProject } from './projects/seed-project';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const edges = Number(arg('edges') ?? 10_000);
if (!Number.isInteger(edges) || edges < 1) { console.error('--edges must be a positive integer'); process.exit(2); }
const tile = arg('tile') === undefined ? undefined : Number(arg('tile'));
if (tile !== undefined && (!Number.isInteger(tile) || tile < 3)) { console.error('--tile must be an integer ≥ 3'); process.exit(2); }
const config = configFromEnv();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  const orgName = arg('organisation') ?? 'demo';
  const name = arg('name') ?? `Scale test ${edges} edges`;
  const t0 = performance.now();
  let last = 0;
  const checkEachRow = process.argv.includes('--check-each-row');
  const r = await seedProject(db, { edges, name, organisation: orgName, tile, checkEachRow }, (p) => {
    const t = performance.now();
    if (t - last < 2000 && p.edges < edges) return;
    last = t;
    const rss = process.memoryUsage().rss / 2 ** 20;
    console.log(`  ${p.edges}/${edges} edges (${Math.round((100 * p.edges) / edges)} %), ${p.rows} rows, ${((t - t0) / 1000).toFixed(1)} s, rss ${rss.toFixed(0)} MB`);
  });
  const t1 = performance.now();
  console.log(`project ${r.projectId} "${name}" (organisation ${orgName}): ${r.edges} edges, ${r.objects} network objects, ` +
    `${r.rows} rows in ${r.blocks} blocks, stored in ${((t1 - t0) / 1000).toFixed(1)} s; peak rss ${(r.peakRss / 2 ** 20).toFixed(0)} MB; ` +
    `foreign keys checked ${r.setWiseForeignKeys ? 'set-wise before commit' : 'row by row'}`);
} finally {
  await db.close();
}
