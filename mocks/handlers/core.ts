import type { HttpHandler } from 'msw';
import { basicSettings } from '@/lib/basic-settings';
import { coreEndpoints } from '@/lib/contract/settings';
import { billingEndpoints } from '@/lib/contract/subscription';
import type { MockDb } from '../state';
import { answer, authenticate, ok, requireHub } from './respond';

/** Global settings and the active hub's subscription. */
export function coreHandlers(db: MockDb): HttpHandler[] {
  return [
    answer(coreEndpoints.basicSettings, () => ok(basicSettings)),

    answer(billingEndpoints.subscription, ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const hub = requireHub(db, request, auth.user);
      return hub.ok ? ok(db.subscriptionOf(hub.organization)) : hub.response;
    }),
  ];
}
