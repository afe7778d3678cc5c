// Live capex (spec 2 §3 Cost line, §5 cost line rules, §9 defaults): cost lines per object type kept up to date from
// the engine's diffs. See engine/validation/README.md (capex section).
export * from './types';
export { TrenchCosts, trenchTags, trenchCostEntries, type TrenchCost } from './trench-costs';
export { resolveCapex, contributionOf, lengthCm, type CapexContext, type Contribution, type LineMeta } from './contribution';
export { costLine, lineTotal, isZeroLine, compareLines, toCsv, CSV_HEADER } from './lines';
export { CapexIndex, costLines } from './capex-index';
