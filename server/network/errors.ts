// Errors of the atomic batches: every rejection names the first offending id; thrown inside the transaction so
// nothing of the batch is saved.
import { HttpError } from '../auth/messages';

/** 409: the batch would break the integrity of the network (duplicate id, missing node, self-loop, ...). */
export function integrity(code: string, message: string): never {
  throw new HttpError(409, code, message);
}

/** 404: the batch names an id that does not exist. */
export function unknownId(what: string, id: string | number): never {
  throw new HttpError(404, 'not_found', `${what} ${id} does not exist.`);
}

/** 400: an item is malformed in a way the schema cannot express. */
export function badItem(code: string, message: string): never {
  throw new HttpError(400, code, message);
}

/** First duplicate in a list of ids, or undefined. */
export function firstDuplicate(ids: Iterable<string>): string | undefined {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}
