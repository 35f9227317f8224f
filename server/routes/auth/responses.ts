import { apiErrorSchema } from '../../../lib/contract/envelope';

/** Declares the error envelope for the given statuses, so OpenAPI lists each failure. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<S[number], typeof apiErrorSchema>;
}

