// JSON schemas shared by the user route groups (Fastify validates bodies, queries and params with them; a failure is
// a 400 naming the field, e.g. "body/email must match format").
import { ROLES } from '../../common/roles';

export const EMAIL = { type: 'string', minLength: 3, maxLength: 320, pattern: '^[^\\s@]+@[^\\s@]+$' } as const;
export const SHA512 = { type: 'string', pattern: '^[0-9a-fA-F]{128}$' } as const;
/** A password as given on create/edit/reset: plain (rule checked by the route) or the client's SHA-512 hex. */
export const PASSWORD = { type: 'string', maxLength: 1024 } as const;
export const NAME = { type: 'string', minLength: 1, maxLength: 200 } as const;
export const LANGUAGE = { type: 'string', enum: ['en', 'nl'] } as const;
export const ROLE = { type: 'string', enum: ROLES } as const;
export const TOTP = { type: 'string', pattern: '^[0-9]{6,8}$' } as const;
export const TOKEN = { type: 'string', minLength: 1, maxLength: 200 } as const;
export const ID = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
export const ID_PARAMS = { type: 'object', required: ['id'], properties: { id: ID } } as const;

export function body(properties: Record<string, unknown>, required: string[] = []) {
  return { type: 'object', additionalProperties: false, required, properties } as const;
}
