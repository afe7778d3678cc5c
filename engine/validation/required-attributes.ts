// Validator required_attributes (Required): an object instance whose type has attribute types flagged required and
// that has no non-blank value for one of them (one result per missing attribute, as the server's validator words it).
// Dependents: the instance itself (its row or one of its values changed).
import { getInstance, getValueText } from '../model';
import { failed } from './context';
import { addOwnInstance } from '../dependents';
import type { Validator } from './types';

const NAME = 'required_attributes';

export const requiredAttributes: Validator = {
  name: NAME,
  severity: 'Required',
  subjects: (ctx) => new Set(ctx.required.keys()),
  dependsOn: (row, _dc, out) => addOwnInstance(row, out),
  check(m, id, ctx, severity) {
    const inst = getInstance(m, id);
    const names = inst && ctx.required.get(inst.objectTypeId);
    if (!inst || !names) return [];
    const type = ctx.schema.objectTypes[inst.objectTypeId]?.name ?? inst.objectTypeId;
    return names.filter((n) => !getValueText(m, id, n)?.trim())
      .map((n) => failed(ctx, NAME, id, `Object instance ${id} (${type}) has no value for required attribute ${n}.`, severity));
  },
};
