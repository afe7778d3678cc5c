// Validation and capex rule set calls of spec 2 §7: POST /api/project/{id}/validations (list of name and params →
// map of name to result) and /api/project/{id}/capex/rule_set (get, set, validate, existing terminal demands).
import { api } from '../api';
import type { TerminalDemand, ValidationRequest, ValidationResult } from './types';

export const validationApi = api.injectEndpoints({
  endpoints: (b) => ({
    validate: b.mutation<Record<string, ValidationResult | ValidationResult[]>, { projectId: number; validations: ValidationRequest[] }>({
      query: ({ projectId, validations }) => ({ url: `/project/${projectId}/validations`, method: 'POST', body: validations }),
    }),
    capexRuleSet: b.query<unknown, number>({ query: (id) => `/project/${id}/capex/rule_set`, providesTags: ['Capex'] }),
    setCapexRuleSet: b.mutation<unknown, { id: number; ruleSet: unknown }>({
      query: ({ id, ruleSet }) => ({ url: `/project/${id}/capex/rule_set`, method: 'POST', body: ruleSet }), invalidatesTags: ['Capex'],
    }),
    capexValidation: b.query<unknown, number>({ query: (id) => `/project/${id}/capex/rule_set/validate` }),
    validateCapexRuleSet: b.mutation<unknown, { id: number; ruleSet: unknown }>({
      query: ({ id, ruleSet }) => ({ url: `/project/${id}/capex/rule_set/validate`, method: 'POST', body: ruleSet }),
    }),
    existingTerminalDemands: b.query<TerminalDemand[], number>({ query: (id) => `/project/${id}/capex/rule_set/existing_terminal_demands` }),
  }),
});

export const { useValidateMutation, useCapexRuleSetQuery, useExistingTerminalDemandsQuery } = validationApi;
