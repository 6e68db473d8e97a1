import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { organizationFrom, type OrganizationSource } from './pipeline.js';

const fieldsOf = (part: unknown): Record<string, unknown> =>
  part !== null && typeof part === 'object' && !Array.isArray(part) ? (part as Record<string, unknown>) : {};

/** A field of the query, else of the JSON body. */
const readField = (request: FastifyRequest, field: string) =>
  fieldsOf(request.query)[field] ?? fieldsOf(request.body)[field];

/**
 * Input a route reads from its query or, as spec 03 section 7 says of writes, from a JSON body:
 * the bulk deletes (`DELETE /tasks`, `/documents`, `/training-records`,
 * `/human-resource-records`) take `ids` / `documentIds` and `organizationId` either way. Spread
 * into the route's options: `organization` names the organization for the access pipeline, and
 * the route's `preValidation` hook fills each field the query lacks from the body, so the route's
 * one querystring schema validates both (a field in both: the query's value wins).
 */
export function queryOrBody(organizationField = 'organizationId'): {
  organization: OrganizationSource;
  preValidation: preValidationAsyncHookHandler;
} {
  return {
    organization: organizationFrom.custom({
      field: organizationField,
      read: (request) => readField(request, organizationField),
    }),
    preValidation: async (request) => {
      const body = fieldsOf(request.body);
      if (Object.keys(body).length > 0) request.query = { ...body, ...fieldsOf(request.query) };
    },
  };
}
