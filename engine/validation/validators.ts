// The validators NetworkValidation runs by default, in report order (one module each in engine/validation/).
import type { Validator } from './types';
import { graphIntegrity } from './graph-integrity';
import { requiredAttributes } from './required-attributes';
import { allowedValues } from './allowed-values';
import { relationMultiplicity } from './relation-multiplicity';
import { dpCapacity } from './dp-capacity';
import { cableCapacity } from './cable-capacity';
import { unconnectedCustomers } from './unconnected-customers';
import { demarcationContainment } from './demarcation';

export const VALIDATORS: readonly Validator[] = [
  graphIntegrity, requiredAttributes, allowedValues, relationMultiplicity, dpCapacity, cableCapacity, unconnectedCustomers,
  demarcationContainment,
];

export {
  graphIntegrity, requiredAttributes, allowedValues, relationMultiplicity, dpCapacity, cableCapacity, unconnectedCustomers,
  demarcationContainment,
};
