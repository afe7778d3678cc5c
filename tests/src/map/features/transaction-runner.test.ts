// Sending a feature transaction (spec 3 §7, §9 "retries 4, base delay 1 s"): a failed send is retried up to 4 times
// with 1 s × attempt² back-off, then the transaction fails; a 4xx refusal or an ExceptionReport is not retried; chunks
// go in order and the inserted ids of every answer are collected.
import { describe, it, expect } from 'vitest';
import { BASE_DELAY_MS, FeatureTransactionError, RETRIES, runTransaction } from '../../../../src/map/features/transaction-runner';
import type { FeatureOp } from '../../../../src/map/features/transaction-plan';

const ops = (n: number, table = 'note'): FeatureOp[] => Array.from({ length: n }, (_, i) => ({
  kind: 'insert', feature: { uuid: `u${i}`, table, type: 'note', layer: null, category: null, name: null, topologyId: null, properties: {}, geometry: { type: 'Point', coordinates: [1, 2] } },
}));
const answer = (xml: string) => `<wfs:TransactionResponse><wfs:InsertResults>${[...xml.matchAll(/<fttx:uuid>([^<]+)</g)].map((m) => `<wfs:Feature><ogc:FeatureId fid="note.${m[1]}"/></wfs:Feature>`).join('')}</wfs:InsertResults></wfs:TransactionResponse>`;

describe('feature transaction runner', () => {
  it('sends the chunks in order and collects the inserted ids (120 inserts → 3 requests)', async () => {
    const sent: string[] = [];
    const r = await runTransaction(ops(120), 'fttx', async (xml) => { sent.push(xml); return answer(xml); }, { sleep: async () => {} });
    expect(sent).toHaveLength(3);
    expect(r.inserted).toEqual(ops(120).map((o) => (o as { feature: { uuid: string } }).feature.uuid));
  });

  it('retries a failed send 4 times with 1 s, 4 s, 9 s, 16 s, then succeeds on the last try', async () => {
    expect([RETRIES, BASE_DELAY_MS]).toEqual([4, 1000]);
    const delays: number[] = [];
    let calls = 0;
    const r = await runTransaction(ops(1), 'fttx', async (xml) => {
      calls++;
      if (calls <= 4) throw Object.assign(new Error('network down'), { status: 503 });
      return answer(xml);
    }, { sleep: async (ms) => { delays.push(ms); } });
    expect(calls).toBe(5);
    expect(delays).toEqual([1000, 4000, 9000, 16000]);
    expect(r.inserted).toEqual(['u0']);
  });

  it('fails after the 4th retry, naming the chunks already accepted', async () => {
    const delays: number[] = [];
    let calls = 0;
    const err = await runTransaction(ops(60), 'fttx', async (xml) => {
      calls++;
      if (calls > 1) throw { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };
      return answer(xml);
    }, { sleep: async (ms) => { delays.push(ms); } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FeatureTransactionError);
    expect((err as FeatureTransactionError).accepted).toBe(1);
    expect((err as Error).message).toBe('TypeError: Failed to fetch');
    expect(calls).toBe(1 + 5);
    expect(delays).toEqual([1000, 4000, 9000, 16000]);
  });

  it('does not retry a 400 refusal or an ExceptionReport answer', async () => {
    let calls = 0;
    const refused = await runTransaction(ops(1), 'fttx', async () => { calls++; throw { status: 400, data: 'geometry: bad' }; }, { sleep: async () => {} }).catch((e: unknown) => e);
    expect([calls, (refused as FeatureTransactionError).status, (refused as Error).message]).toEqual([1, 400, 'geometry: bad']);
    calls = 0;
    const report = await runTransaction(ops(1), 'fttx', async () => { calls++; return '<ows:ExceptionReport><ows:ExceptionText>no</ows:ExceptionText></ows:ExceptionReport>'; }, { sleep: async () => {} }).catch((e: unknown) => e);
    expect([calls, (report as Error).message]).toEqual([1, 'no']);
  });
});
