import { NextResponse, type NextRequest } from 'next/server';
import { guardDecision } from '@/lib/onboarding/guard';
import { TOKEN_COOKIE } from '@/lib/token-cookie';

/**
 * Sends a visitor without a session cookie from a signed-in page straight to
 * sign-in, before any HTML is rendered: no spinner page and no client-side
 * redirect on the way. Whether the token still loads a user, and the
 * current_step redirects, stay with the client's AuthGuard.
 */
export function proxy(request: NextRequest): NextResponse {
  if (request.cookies.get(TOKEN_COOKIE)?.value) return NextResponse.next();
  const { pathname, search } = request.nextUrl;
  // The same target as the client guard's, so both agree on `next`.
  const target = guardDecision({ access: 'user', path: `${pathname}${search}`, isAuthenticated: false, user: null });
  return target ? NextResponse.redirect(new URL(target, request.url), 307) : NextResponse.next();
}

/**
 * The pages whose access is 'user' (tests/infrastructure/proxy.test.ts checks
 * this list against the pages folder). Guest and public pages, the API and
 * static files never run the proxy.
 */
export const config = {
  matcher: [
    '/',
    '/account/:path*',
    '/basic-profile',
    '/create-hub',
    '/hub/:path*',
    '/meet/:path*',
    '/search',
    '/spaces/:path*',
  ],
};
