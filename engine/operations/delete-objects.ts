// Operation deleteObjects: several network objects (a multi-selection) deleted in one gesture, one history item; each
// as deleteObject (delete-object.ts), refused as a whole when one of them is.
import type { Id } from '../types';
import { deleteRefusal } from './delete-object';
import { objectPoints } from './points';
import type { Operation } from './operation';

export interface DeleteObjectsIntent { type: 'deleteObjects'; ids: Id[] }

export const deleteObjects: Operation<'deleteObjects'> = {
  type: 'deleteObjects',
  disabled(g, it) {
    if (!it.ids.length) return 'nothing selected';
    for (const id of it.ids) { const r = deleteRefusal(g, id); if (r) return r; }
    return null;
  },
  run: (g, it) => { for (const id of it.ids) g.deleteObject(id); },
  touched: (m, it) => it.ids.flatMap((id) => objectPoints(m, id)),
};
