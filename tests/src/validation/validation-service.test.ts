// The validation service (spec 2 §4/§5): synchronous, asynchronous and groupable validators (groupable ones in ONE
// server call), ignored per context, statuses INVALID → PENDING → VALID / INVALID / VALIDATOR_ERROR, an HTTP error
// in an async validator swallowed (no result), other errors propagated, results equal by message/state/severity.
import { describe, it, expect, vi } from 'vitest';
import { ValidationService, sameResult, type Result, type GroupAnswer } from '../../../src/validation/validation-service';

const ok = (message: string, severity: Result['severity'] = 'Required'): Result => ({ message, stateId: 1, severity, passed: true });
const bad = (message: string, severity: Result['severity'] = 'Required'): Result => ({ message, stateId: 1, severity, passed: false });

function deferred<T>() {
  let resolve!: (v: T) => void, reject!: (e: unknown) => void;
  const promise = new Promise<T>((a, b) => { resolve = a; reject = b; });
  return { promise, resolve, reject };
}

describe('validation service', () => {
  it('is INVALID before any run', () => {
    const s = new ValidationService({ runGroup: async () => ({}) });
    expect(s.getState().status).toBe('INVALID');
    expect(s.getState().passes).toBe(false);
  });

  it('runs groupable validators together in one server call and reads their results', async () => {
    const runGroup = vi.fn(async (): Promise<GroupAnswer> => ({ a: { passed: true, results: [ok('a fine')] }, b: [bad('b broken', 'Optional')] }));
    const s = new ValidationService({ runGroup });
    s.register({ kind: 'groupable', name: 'a', params: () => ({ x: 1 }) });
    s.register({ kind: 'groupable', name: 'b', params: () => ({}) });
    const st = await s.run('step');
    expect(runGroup).toHaveBeenCalledTimes(1);
    expect(runGroup).toHaveBeenCalledWith([{ name: 'a', params: { x: 1 } }, { name: 'b', params: {} }]);
    expect(st.results.map((r) => r.validator)).toEqual(['a', 'b']);
    // an Optional failure: not VALID (not every result passed), but the project passes (every Required passed)
    expect(st.status).toBe('INVALID');
    expect(st.passes).toBe(true);
  });

  it('is PENDING while an async validator runs, then VALID when every result passed', async () => {
    const d = deferred<Result[]>();
    const s = new ValidationService({ runGroup: async () => ({}) });
    s.register({ kind: 'sync', name: 'live', run: () => [ok('live ok')] });
    s.register({ kind: 'async', name: 'slow', run: () => d.promise });
    const done = s.run('edit');
    expect(s.getState().status).toBe('PENDING');
    expect(s.getState().passes).toBe(false);
    d.resolve([ok('slow ok', 'Recommended')]);
    expect((await done).status).toBe('VALID');
    expect(s.getState().passes).toBe(true);
  });

  it('a failed Required result makes it INVALID and blocks passing', async () => {
    const s = new ValidationService({ runGroup: async () => ({}) });
    s.register({ kind: 'sync', name: 'live', run: () => [bad('DP over capacity')] });
    const st = await s.run('edit');
    expect(st.status).toBe('INVALID');
    expect(st.passes).toBe(false);
  });

  it('swallows an HTTP error of an async validator: no result, VALIDATOR_ERROR', async () => {
    const s = new ValidationService({ runGroup: async () => ({}) });
    s.register({ kind: 'sync', name: 'live', run: () => [ok('fine')] });
    s.register({ kind: 'async', name: 'remote', run: async () => { throw { status: 500, data: {} }; } });
    const st = await s.run('edit');
    expect(st.results.map((r) => r.message)).toEqual(['fine']);
    expect(st.missing).toEqual(['remote']);
    expect(st.status).toBe('VALIDATOR_ERROR');
    expect(st.passes).toBe(false);
  });

  it('a groupable call failing over HTTP leaves its validators without result', async () => {
    const s = new ValidationService({ runGroup: async () => { throw { status: 'FETCH_ERROR', error: 'offline' }; } });
    s.register({ kind: 'groupable', name: 'g', params: () => ({}) });
    expect((await s.run('step')).status).toBe('VALIDATOR_ERROR');
  });

  it('propagates an error that is not an HTTP error', async () => {
    const s = new ValidationService({ runGroup: async () => ({}) });
    s.register({ kind: 'async', name: 'broken', run: async () => { throw new TypeError('bug'); } });
    await expect(s.run('edit')).rejects.toThrow('bug');
  });

  it('leaves out validators ignored in the context', async () => {
    const runGroup = vi.fn(async (): Promise<GroupAnswer> => ({ g: [bad('server says no')] }));
    const s = new ValidationService({ runGroup });
    s.register({ kind: 'sync', name: 'live', run: () => [ok('fine')] });
    s.register({ kind: 'groupable', name: 'g', ignoredIn: ['edit'], params: () => ({}) });
    expect((await s.run('edit')).status).toBe('VALID');
    expect(runGroup).not.toHaveBeenCalled();
    expect((await s.run('step')).status).toBe('INVALID');
    // back in the ignored context, its old results no longer count
    expect((await s.run('edit')).status).toBe('VALID');
  });

  it('refresh re-runs one sync validator; equal results keep the same list and notify nobody', async () => {
    let out = [bad('x over capacity')];
    const s = new ValidationService({ runGroup: async () => ({}) });
    s.register({ kind: 'sync', name: 'live', run: () => out });
    await s.run('edit');
    const before = s.getState().results;
    const l = vi.fn();
    s.subscribe(l);
    out = [bad('x over capacity')]; // a new array, equal results
    s.refresh('live');
    expect(s.getState().results).toBe(before);
    expect(l).not.toHaveBeenCalled();
    out = [];
    s.refresh('live');
    expect(l).toHaveBeenCalledTimes(1);
    expect(s.getState().status).toBe('VALID');
  });

  it('results are equal when message, state and severity match', () => {
    expect(sameResult(bad('m'), { ...bad('m'), validator: 'other' })).toBe(true);
    expect(sameResult(bad('m'), bad('n'))).toBe(false);
    expect(sameResult(bad('m'), { ...bad('m'), stateId: 2 })).toBe(false);
    expect(sameResult(bad('m'), bad('m', 'Optional'))).toBe(false);
  });

  it('a slower earlier run does not overwrite a newer one', async () => {
    const first = deferred<Result[]>();
    let call = 0;
    const s = new ValidationService({ runGroup: async () => ({}) });
    s.register({ kind: 'async', name: 'a', run: () => (++call === 1 ? first.promise : Promise.resolve([ok('new')])) });
    const r1 = s.run('edit');
    await s.run('edit');
    first.resolve([bad('old')]);
    await r1;
    expect(s.getState().results.map((r) => r.message)).toEqual(['new']);
  });
});
