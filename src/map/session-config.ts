// The engine configuration of a map session: UUIDs from the browser, the project, the family rules of the two default
// duct families derived from the project's object and relation types (spec 1 §4, §9: a drawn duct gets its laying
// activity with a cost object type), and the active phase the phase panel chose (spec 3 §4: new instances' Phase).
import type { EngineConfig } from 'engine/gesture';
import { familyRulesFromSchema } from 'engine';
import type { Model } from 'engine/model';

export function sessionConfig(model: Model, projectId: number, activePhaseId: string | null = null): EngineConfig {
  return {
    newId: () => crypto.randomUUID(),
    projectId,
    familyRules: familyRulesFromSchema(model.schema),
    activePhaseId,
  };
}
