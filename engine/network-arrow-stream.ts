// A whole network read's Arrow answer taken as it arrives (issue 15): its IPC streams are read table by table from the
// body's chunks, and each table's rows are made as soon as it is complete — the objects' ids first (the server writes
// the ids first), then the objects (the other tables' rows, and the other ids, are made when first read:
// lazy-column-rows.ts) — while the rest of the body is still on its way, so
// the main thread's row making overlaps the browser receiving and inflating the bytes instead of following them. The
// result is what networkColumns + columnRows give for the whole body (the same rows, in the same order); an answer
// whose ids do not come first has its rows made at the end.
import { RecordBatchReader, type Data } from 'apache-arrow';
import type { ArrowTableName } from './network-arrow-schema';
import {
  OBJECT_TABLES, columnsOfTables, objectRowsOf, tableHead, takeBatch,
  type ArrowTables, type NetworkColumns,
} from './network-arrow';
import { lazyColumnIds, lazyInstanceRows, lazyPathEdgeRows, lazyRelationRows, lazyValueRows } from './lazy-column-rows';
import { columnRows, type ColumnRows } from './model-columns';
import type { NetworkObjectRow } from './model';

export interface StreamedAnswer {
  columns: NetworkColumns;
  rows: ColumnRows;
  /** Milliseconds spent making rows (while the body arrived, and after it). */
  rowsMs: number;
}

/** Reads an answer's tables from its chunks (a fetch body's reader, as an async iterable); `onTable` is called with
 *  each table's name once it is complete, and the columns of the tables read so far (those not read yet empty). */
export async function readTables(chunks: AsyncIterable<Uint8Array>, onTable?: (name: ArrowTableName, c: NetworkColumns) => void): Promise<NetworkColumns> {
  const t: ArrowTables = new Map();
  let projectId = 0, objects = 0;
  for await (const reader of RecordBatchReader.readAll(chunks)) {
    await reader.open();
    const head = tableHead(reader.schema);
    ({ projectId, objects } = head);
    const cols = new Map<string, Data | undefined>(reader.schema.fields.map((f) => [f.name, undefined]));
    let n = 0;
    for await (const batch of reader) takeBatch(head.name, cols, reader.schema.fields, batch, n++);
    t.set(head.name, cols);
    onTable?.(head.name, columnsOfTables(t, projectId, objects, true));
  }
  return columnsOfTables(t, projectId, objects);
}

/** Reads an answer from its chunks, making rows table by table. */
export async function streamColumnRows(chunks: AsyncIterable<Uint8Array>): Promise<StreamedAnswer> {
  let rowsMs = 0, objects = 0;
  let ids: string[] | null = null, objs: NetworkObjectRow[] = [];
  const made: Partial<Omit<ColumnRows, 'ids' | 'objects'>> = {};
  let early = true; // every table so far came after the ids
  const put = (i: number, o: NetworkObjectRow) => { objs[i] = o; };
  const columns = await readTables(chunks, (name, c) => {
    if (!early || (name !== 'ids' && !ids)) { early = false; return; }
    const t0 = performance.now();
    if (name === 'ids') { ids = lazyColumnIds(c); objects = c.objects; objs = new Array<NetworkObjectRow>(objects); }
    else if ((OBJECT_TABLES as readonly string[]).includes(name)) objectRowsOf(name as (typeof OBJECT_TABLES)[number], c, ids!, put);
    else if (name === 'instances') made.instances = lazyInstanceRows(c, ids!);
    else if (name === 'pathEdges') made.pathEdges = lazyPathEdgeRows(c, ids!);
    else if (name === 'values') made.values = lazyValueRows(c, ids!);
    else if (name === 'relations') made.relations = lazyRelationRows(c, ids!);
    rowsMs += performance.now() - t0;
  });
  const t0 = performance.now();
  const done = early && ids !== null && objects === columns.objects && (['instances', 'pathEdges', 'values', 'relations'] as const).every((k) => made[k]);
  const rows: ColumnRows = done
    ? { ids: ids!, objects: objs, instances: made.instances!, pathEdges: made.pathEdges!, values: made.values!, relations: made.relations! }
    : columnRows(columns);
  rowsMs += performance.now() - t0;
  return { columns, rows, rowsMs };
}
