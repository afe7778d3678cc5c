// JSON schemas of the network wire types (engine/types.ts) for request validation: bad input is answered 400 with
// the failing field named (e.g. "body/0/edge/fromNodeId must be string").
export const MAX_BATCH = 200_000;

export const idSchema = { type: 'string', minLength: 1, maxLength: 200 } as const;
const coord = { type: 'number' } as const;
const position = { type: 'array', items: coord, minItems: 2, maxItems: 3 } as const;

export const pointSchema = {
  type: 'object', required: ['type', 'coordinates'], additionalProperties: true,
  properties: { type: { const: 'Point' }, coordinates: position },
} as const;

export const lineSchema = {
  type: 'object', required: ['type', 'coordinates'], additionalProperties: true,
  properties: { type: { const: 'LineString' }, coordinates: { type: 'array', items: position, minItems: 2, maxItems: 100_000 } },
} as const;

export const pathEdgeSchema = {
  type: 'object', required: ['id', 'pathId', 'edgeId', 'startNodeId'], additionalProperties: false,
  // position: the engine's order key within the path (ascending, ties by id); used where the path does not chain.
  properties: { id: idSchema, pathId: idSchema, edgeId: idSchema, startNodeId: idSchema, position: { type: 'number' } },
} as const;

export const attributeValueSchema = {
  type: 'object', required: ['objectInstanceId', 'attributeTypeName', 'value'], additionalProperties: false,
  properties: {
    objectInstanceId: idSchema,
    attributeTypeName: { type: 'string', minLength: 1, maxLength: 200 },
    value: { type: ['string', 'null'], maxLength: 100_000 },
  },
} as const;

export const relationSchema = {
  type: 'object', required: ['fromId', 'toId', 'objectRelationTypeName'], additionalProperties: false,
  properties: { fromId: idSchema, toId: idSchema, objectRelationTypeName: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

export const objectInstanceSchema = {
  type: 'object', required: ['id', 'objectTypeId', 'networkObjectId'], additionalProperties: false,
  properties: {
    id: idSchema,
    objectTypeId: { type: 'integer' },
    networkObjectId: idSchema,
    attributeValues: { type: 'array', items: attributeValueSchema, maxItems: 1000 },
    relationSources: { type: 'array', items: relationSchema },
    relationTargets: { type: 'array', items: relationSchema },
  },
} as const;

export const networkObjectSchema = {
  type: 'object', required: ['id'], additionalProperties: false,
  properties: {
    id: idSchema,
    projectId: { type: 'integer' },
    scenarioId: { type: ['integer', 'null'] },
    node: { type: 'object', required: ['geometry'], additionalProperties: true, properties: { geometry: pointSchema } },
    edge: {
      type: 'object', required: ['geometry', 'fromNodeId', 'toNodeId'], additionalProperties: true,
      properties: {
        geometry: lineSchema, fromNodeId: idSchema, toNodeId: idSchema,
        twoWay: { type: 'boolean' }, length: { type: ['number', 'null'] },
      },
    },
    pathEdges: { type: 'array', items: pathEdgeSchema, maxItems: 100_000 },
    objectInstances: { type: 'array', items: objectInstanceSchema, maxItems: 1000 },
  },
} as const;

export const list = (items: object) => ({ type: 'array', items, maxItems: MAX_BATCH }) as const;

export const projectParams = {
  type: 'object', required: ['projectId'], properties: { projectId: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

export const idList = { type: 'array', items: idSchema, maxItems: MAX_BATCH } as const;
