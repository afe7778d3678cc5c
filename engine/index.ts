// Engine public entry: the normalized network model, actions 0–11 with history and save merge, topology side effects,
// spatial index, integrity check, projections and attribute rules. Headless: no UI imports (see engine/README.md).
export * from './types';
export * from './model';
export * from './ptable';
export * from './actions';
export * from './tx';
export * from './integrity';
export * from './projection';
export * from './geometry';
export * from './mercator';
export { deepEqual } from './equal';
export * from './history';
export * from './save';
export * from './replay';
export * from './spatial';
export * from './attributes';
export * from './gesture';
export * from './rules/index';
export * from './intents';
export { type Operation, type IntentOf } from './operations/index';
export * from './feature-properties';
export * from './merge';
export * from './editor';
export * from './generate';
export * from './multiplicity';
export * from './validation/index';
export * from './capex/index';
export * from './clash/index';
