import type { Endpoint } from './endpoint';
import { spaceEndpoints } from './spaces';

/** Every endpoint declared in the contract, by area. */
export const endpointTables = {
  spaces: spaceEndpoints,
} satisfies Record<string, Record<string, Endpoint>>;

/** `METHOD path/` of an endpoint, as the route table names routes. */
export const endpointKey = (definition: Pick<Endpoint, 'method' | 'path'>) => `${definition.method} ${definition.path}`;

export const allEndpoints: Endpoint[] = Object.values(endpointTables).flatMap((table) => Object.values(table));
