// The passes a validation rule's bench times (issue 15: bench:relation-reads, bench:integrity-reads): the rule alone and
// within the live validation's full run (the rule swapped among the current others), the current rule beside a
// baseline, alternating (the order flips each round, the first round warms up), each pass on a fresh model of a whole
// read's columns; the heap after each round's full run, its model held.
import { networkColumns } from '../engine/network-arrow';
import { columnIndex } from '../engine/column-index';
import { columnRows, modelOfColumns, type ModelTypes } from '../engine/model-columns';
import { NetworkValidation, type Model } from '../engine/index';
import { VALIDATORS } from '../engine/validation/validators';
import type { Validator } from '../engine/validation/types';
import { heapMB, now } from './lib';

/** What the passes measured, keyed `${pass}|${current}` (heap: by `${current}`). */
export interface RulePasses { names: [string, string]; ms: Record<string, number[]>; results: Record<string, number>; heap: Record<string, number[]> }

/** Times the rule's two passes (`label rule, full run` and the full run) `runs` rounds each way; `seen` reads each
 *  pass's model after it (rows made). */
export function timeRulePasses(bytes: Uint8Array, types: ModelTypes, rule: Validator, baseline: Validator, label: string, runs: number,
  seen?: (pass: string, current: boolean, m: Model) => void): RulePasses {
  const passes: [string, (m: Model, r: Validator) => number][] = [
    [`${label} rule, full run`, (m, r) => new NetworkValidation(m, { validators: [r] }).results().length],
    // the rule's share of a full run: the other validators (and the full run's keeping of failures only) are this code's
    ['live validation full run, this rule or the baseline\'s among the current others', (m, r) =>
      new NetworkValidation(m, { validators: VALIDATORS.map((v) => (v === rule ? r : v)) }).results().length],
  ];
  const out: RulePasses = { names: [passes[0][0], passes[1][0]], ms: {}, results: {}, heap: {} };
  for (let round = 0; round <= runs; round++) {
    for (const current of round % 2 ? [true, false] : [false, true]) {
      let m: Model | null = null;
      for (const [name, pass] of passes) {
        // each pass on a fresh model (the rule's alone and the full run's would otherwise share the rows made)
        const c = networkColumns(bytes);
        m = modelOfColumns(c, columnRows(c), columnIndex(c), types);
        const t0 = now();
        out.results[`${name}|${current}`] = pass(m, current ? rule : baseline);
        if (round > 0) (out.ms[`${name}|${current}`] ??= []).push(now() - t0);
        seen?.(name, current, m);
      }
      if (round > 0) (out.heap[`${current}`] ??= []).push(heapMB());
      m = null;
    }
  }
  return out;
}
