import { z } from 'zod';
import { notFound } from '../../lib/errors';
import type { HubContext } from '../../types';
import { normalizeHandle } from '../hubs/normalize-handle';

/**
 * The hub an administration route acts on is the one named in its path, and
 * it must be the hub `requireHub` scoped the request to. A member of another
 * hub (whatever Org-Handle they send) gets the same 404 as a missing hub.
 */
export function resolvePathHub(opts: { hub: HubContext; handle: string }): HubContext {
  if (normalizeHandle(opts.handle) !== opts.hub.organization.domainHandle) throw notFound('That hub');
  return opts.hub;
}

/** Ids in paths are compared with uuid columns; anything else cannot match, so it is "not found" before SQL sees it. */
export const isId = (value: string) => z.guid().safeParse(value).success;
