// Shared benchmark helper: machine info, timing percentiles, heap, table printing and writing
// bench/results/<suite>.json as {machine, date, rows}. Every bench suite reuses it (house rule 3).
import { cpus, totalmem, platform, release, arch } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose_gc');
const forceGc = vm.runInNewContext('gc') as (() => void) | undefined;

export interface BenchRow {
  case: string;
  size: number;
  metric: string;
  unit: string;
  value: number;
  baseline: number | null;
  ratio: number | null;
}

export interface MachineInfo { cpu: string; cores: number; memGiB: number; os: string; node: string }

export function machine(): MachineInfo {
  const c = cpus();
  return {
    cpu: c[0]?.model?.trim() ?? 'unknown',
    cores: c.length,
    memGiB: Math.round(totalmem() / 2 ** 30),
    os: `${platform()} ${release()} ${arch()}`,
    node: process.version,
  };
}

/** Sizes to run, capped by BENCH_MAX_SIZE (number of edges). */
export function sizes(all: number[]): number[] {
  const max = Number(process.env.BENCH_MAX_SIZE ?? Infinity);
  const s = all.filter((n) => n <= max);
  return s.length ? s : [Math.min(...all)];
}

export const now = (): number => performance.now();

/** Milliseconds one call of fn takes. */
export function timeOnce(fn: () => void): number {
  const t = now();
  fn();
  return now() - t;
}

export interface Stats { n: number; mean: number; p50: number; p99: number; min: number; max: number }

export function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))] ?? NaN;
  return { n: s.length, mean: s.reduce((a, b) => a + b, 0) / (s.length || 1), p50: q(0.5), p99: q(0.99), min: s[0] ?? NaN, max: s[s.length - 1] ?? NaN };
}

/** Runs fn(i) `n` times (after `warmup` untimed runs) and returns per-call milliseconds. */
export function sample(n: number, fn: (i: number) => void, warmup = Math.min(50, n)): number[] {
  for (let i = 0; i < warmup; i++) fn(i);
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const t = now();
    fn(i);
    out[i] = now() - t;
  }
  return out;
}

/** Awaits fn once untimed, then `n` times, and returns per-call milliseconds (database and server calls). */
export async function sampleAsync(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  await fn();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = now();
    await fn();
    out.push(now() - t);
  }
  return out;
}

/** Heap used in MB after a full GC. */
export function heapMB(): number {
  const g = (globalThis as { gc?: () => void }).gc ?? forceGc;
  if (g) { g(); g(); }
  return process.memoryUsage().heapUsed / 2 ** 20;
}

/** Heap used plus ArrayBuffer memory (typed arrays live outside the JS heap) in MB, after a full GC. */
export function memMB(): number {
  heapMB();
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 2 ** 20;
}

export function row(c: string, size: number, metric: string, unit: string, value: number, baseline: number | null = null): BenchRow {
  const r = (x: number) => (Math.abs(x) >= 100 ? Math.round(x * 10) / 10 : Math.round(x * 1000) / 1000);
  return { case: c, size, metric, unit, value: r(value), baseline: baseline === null ? null : r(baseline), ratio: baseline === null || value === 0 ? null : Math.round((baseline / value) * 10) / 10 };
}

/** Markdown table of rows (also what the READMEs quote). */
export function table(rows: BenchRow[]): string {
  const head = '| case | size | metric | unit | value | baseline | ratio (baseline/value) |\n|---|---:|---|---|---:|---:|---:|';
  const body = rows.map((r) => `| ${r.case} | ${r.size} | ${r.metric} | ${r.unit} | ${r.value} | ${r.baseline ?? ''} | ${r.ratio ?? ''} |`);
  return [head, ...body].join('\n');
}

const root = join(dirname(fileURLToPath(import.meta.url)), 'results');

/** Prints the table and writes bench/results/<suite>.json as {machine, date, rows}. Returns the path written. */
export function writeResults(suite: string, rows: BenchRow[], extra: Record<string, unknown> = {}): string {
  const file = join(root, `${suite}.json`);
  mkdirSync(dirname(file), { recursive: true });
  const doc = { machine: machine(), date: new Date().toISOString(), ...extra, rows };
  writeFileSync(file, JSON.stringify(doc, null, 2) + '\n');
  console.log(`\n${suite} — ${doc.date} — ${doc.machine.cpu} ×${doc.machine.cores}, ${doc.machine.memGiB} GiB, node ${doc.machine.node}\n`);
  console.log(table(rows));
  console.log(`\nwritten ${file}`);
  return file;
}
