// Strict request validation for this server's route groups: bodies are never coerced or silently trimmed (a number
// where a string is expected is a 400), while path and query strings are coerced to the declared types.
import Ajv from 'ajv';
import type { FastifyInstance } from 'fastify';

const strict = new Ajv({ coerceTypes: false, removeAdditional: false, useDefaults: true, allErrors: false, strict: false });
const coercing = new Ajv({ coerceTypes: 'array', removeAdditional: false, useDefaults: true, allErrors: false, strict: false });

export function useStrictValidation(scope: FastifyInstance): void {
  scope.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema));
}
