// Validator allowed_values (Required): a List attribute value that is not one of its type's allowed values (spec 1 §5,
// engine/attributes.ts clears such values on edit; they still arrive from loaded data or raw actions). Blank values
// are required_attributes' concern. Dependents: the instance itself.
import { getInstance, getValueText } from '../model';
import { failed } from './context';
import { addOwnInstance } from '../dependents';
import type { ValidationResult, Validator } from './types';

const NAME = 'allowed_values';

export const allowedValues: Validator = {
  name: NAME,
  severity: 'Required',
  subjects: (ctx) => new Set(ctx.lists.keys()),
  dependsOn: (row, _dc, out) => addOwnInstance(row, out),
  check(m, id, ctx, severity) {
    const inst = getInstance(m, id);
    const lists = inst && ctx.lists.get(inst.objectTypeId);
    if (!inst || !lists) return [];
    const out: ValidationResult[] = [];
    for (const [name, allowed] of lists) {
      const v = getValueText(m, id, name)?.trim();
      if (v && !allowed.has(v)) out.push(failed(ctx, NAME, id, `Object instance ${id} has value '${v}' for ${name}, which is not an allowed value.`, severity));
    }
    return out;
  },
};
