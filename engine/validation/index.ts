// Incremental network validation (spec 2 §3 Validation result, §4 validation status, §5): validators as small pure
// modules and NetworkValidation, which follows the engine's diffs. See engine/validation/README.md.
export * from './types';
export {
  resolveContext, typeIdsNamed, DEFAULT_DP_TYPES, DEFAULT_CUSTOMER_TYPES, DEFAULT_LINK_TYPES, DEFAULT_CABLE_TYPES,
  type ValidationContext,
} from './context';
export * from './validators';
export { dpConnections } from './dp-capacity';
export { servedDemand } from './cable-capacity';
export { insideDemarcation } from './demarcation';
export { NetworkValidation } from './network-validation';
