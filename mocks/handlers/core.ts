import { http, type HttpHandler } from 'msw';
import { basicSettings } from '@/lib/basic-settings';
import type { MockDb } from '../state';
import { api, authenticate, ok, requireHub } from './respond';

/** Global settings and the active hub's subscription. */
export function coreHandlers(db: MockDb): HttpHandler[] {
  return [
    http.get(api('core/basic-settings/'), () => ok(basicSettings)),

    http.get(api('wallet/subscription-detail/'), ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const hub = requireHub(db, request, auth.user);
      return hub.ok ? ok(db.subscriptionOf(hub.organization)) : hub.response;
    }),
  ];
}
