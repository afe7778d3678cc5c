// The safe subset of CQL the project feature layers send (spec 3 §7): `project_id=N`, `type='x'`,
// `type IN ('a','b')`, `BBOX(geometry,minx,miny,maxx,maxy[,'EPSG:nnnn'])` and `INCLUDE`, joined by AND, with
// parentheses. Parsed into values only — the SQL is always parameterised; anything else is refused, naming the
// position and the text found there.
import { invalid } from './ows-error';

export interface CqlBbox { minx: number; miny: number; maxx: number; maxy: number; crs?: string }

export interface CqlFilter {
  /** Every project_id value the filter names (all must match the project for anything to match). */
  projectIds: number[];
  /** Type filters; a feature must match each (AND of IN lists). */
  types: string[][];
  bboxes: CqlBbox[];
  /** Equality / IN conditions on the extra property fields a service allows (e.g. gemeentenaam); absent when none. */
  props?: [string, string[]][];
}

export const CQL_MAX_LENGTH = 8000;
const GEOMETRY_NAMES = new Set(['geometry', 'geom', 'the_geom', 'wkb_geometry', 'shape']);
const PARAM = 'cql_filter';

type Tok = { k: 'id' | 'str' | 'num' | 'op'; v: string; at: number };

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) { i++; continue; }
    if (c === "'") {
      let v = '', j = i + 1;
      for (;;) {
        if (j >= src.length) throw invalid(PARAM, `unterminated string starting at position ${i}`);
        if (src[j] === "'") { if (src[j + 1] === "'") { v += "'"; j += 2; continue; } break; }
        v += src[j++];
      }
      out.push({ k: 'str', v, at: i });
      i = j + 1;
      continue;
    }
    const num = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/.exec(src.slice(i));
    if (num && (c !== '-' && c !== '+' || !out.length || out[out.length - 1].k === 'op')) {
      out.push({ k: 'num', v: num[0], at: i });
      i += num[0].length;
      continue;
    }
    const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i)) ?? /^"([A-Za-z_][A-Za-z0-9_]*)"/.exec(src.slice(i));
    if (id) { out.push({ k: 'id', v: (id[1] ?? id[0]).toLowerCase(), at: i }); i += id[0].length; continue; }
    if ('(),='.includes(c)) { out.push({ k: 'op', v: c, at: i }); i++; continue; }
    throw invalid(PARAM, `unexpected character '${c}' at position ${i}`);
  }
  return out;
}

/** Parses the filter; throws a 400 OwsError (locator cql_filter) on anything outside the subset. `fields` are extra
 *  property names (lower case) that may be compared like `type` (`name='x'`, `name IN ('a','b')`). */
export function parseCql(src: string, fields: readonly string[] = []): CqlFilter {
  if (src.length > CQL_MAX_LENGTH) throw invalid(PARAM, `longer than ${CQL_MAX_LENGTH} characters`);
  const toks = tokenize(src);
  const f: CqlFilter = { projectIds: [], types: [], bboxes: [] };
  let p = 0;
  const near = () => (p < toks.length ? `'${src.slice(toks[p].at, toks[p].at + 20)}' at position ${toks[p].at}` : 'the end');
  const fail = (what: string): never => {
    throw invalid(PARAM, `expected ${what} but found ${near()} (supported: project_id=N, type='x', type IN ('a','b'), `
      + `BBOX(geometry,minx,miny,maxx,maxy[,'EPSG:3857']), INCLUDE, joined by AND)`);
  };
  const op = (v: string) => { if (toks[p]?.k === 'op' && toks[p].v === v) { p++; return true; } return false; };
  const expectOp = (v: string) => { if (!op(v)) fail(`'${v}'`); };
  const str = (): string => (toks[p]?.k === 'str' ? toks[p++].v : fail('a quoted string'));
  const number = (): number => {
    const t = toks[p];
    if (t?.k !== 'num') return fail('a number');
    p++;
    const n = Number(t.v);
    if (!Number.isFinite(n)) fail('a finite number');
    return n;
  };

  const term = (): void => {
    if (op('(')) { conj(); expectOp(')'); return; }
    const t = toks[p];
    if (t?.k !== 'id') { fail('a condition'); return; }
    p++;
    if (t.v === 'include') return;
    if (t.v === 'project_id') {
      expectOp('=');
      const n = number();
      if (!Number.isSafeInteger(n)) fail('an integer project id');
      f.projectIds.push(n);
      return;
    }
    if (t.v === 'type' || fields.includes(t.v)) {
      let list: string[] | undefined;
      if (op('=')) list = [str()];
      else if (toks[p]?.k === 'id' && toks[p].v === 'in') {
        p++;
        expectOp('(');
        list = [str()];
        while (op(',')) list.push(str());
        expectOp(')');
        if (list.length > 200) throw invalid(PARAM, `${t.v} IN accepts at most 200 values`);
      }
      if (!list) return fail(`'=' or IN after ${t.v}`);
      if (t.v === 'type') f.types.push(list);
      else (f.props ??= []).push([t.v, list]);
      return;
    }
    if (t.v === 'bbox') {
      expectOp('(');
      const g = toks[p];
      if (g?.k !== 'id' || !GEOMETRY_NAMES.has(g.v)) fail('the geometry property name (geometry)');
      p++;
      const c: number[] = [];
      for (let k = 0; k < 4; k++) { expectOp(','); c.push(number()); }
      const b: CqlBbox = { minx: c[0], miny: c[1], maxx: c[2], maxy: c[3] };
      if (op(',')) b.crs = str();
      expectOp(')');
      if (b.minx > b.maxx || b.miny > b.maxy) throw invalid(PARAM, 'BBOX minimum is greater than its maximum');
      f.bboxes.push(b);
      return;
    }
    p--;
    fail(`project_id, type, ${fields.map((n) => `${n}, `).join('')}BBOX or INCLUDE`);
  };
  const conj = (): void => {
    term();
    while (toks[p]?.k === 'id' && toks[p].v === 'and') { p++; term(); }
  };
  if (!toks.length) fail('a condition');
  conj();
  if (p < toks.length) fail('AND or the end of the filter');
  return f;
}
