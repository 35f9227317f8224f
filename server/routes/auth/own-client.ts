import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { isAppOrigin } from '../../lib/app-origins';
import { AppError } from '../../lib/errors';
import { errorMessages } from '../../../lib/contract/error-messages';

/** What browsers say of a request's initiator (Sec-Fetch-Site) when it is the page's own site or the person themselves. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * onRequest hook for an action a GET can trigger (signing out): only the
 * app's own client may. A cross-site <img>, link or form cannot set headers,
 * so the AppType header the app sends on every request is required; and a
 * request a browser marks as started by another site (Sec-Fetch-Site, or an
 * Origin that is not the app's) is refused even with it. Clients that are
 * not browsers send neither mark and only need the header.
 */
export function ownClientOnly(config: Pick<Config, 'appUrl' | 'webauthn'>) {
  return async (request: FastifyRequest) => {
    const { apptype: appType, origin, 'sec-fetch-site': fetchSite } = request.headers;
    const foreign = !appType
      || (typeof fetchSite === 'string' && !OWN_FETCH_SITES.has(fetchSite))
      || (origin !== undefined && !isAppOrigin(config, origin));
    if (foreign) throw new AppError(403, 'cross_site_request', errorMessages.crossSiteRequest);
  };
}
