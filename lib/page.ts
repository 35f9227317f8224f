import type { NextPage } from 'next';
import type { ReactElement, ReactNode } from 'react';

/**
 * Who may see a page:
 * - 'guest': only signed-out visitors (sign-in, sign-up, verify, password reset);
 *   a signed-in user is sent on.
 * - 'user': only signed-in users; others go to /sign-in?next=<path>.
 * - 'public': everyone (error pages).
 * A page that declares nothing is treated as 'user', so forgetting the flag
 * never exposes a page.
 */
export type PageAccess = 'guest' | 'user' | 'public';

export const DEFAULT_PAGE_ACCESS: PageAccess = 'user';

export type AppPage<P = object> = NextPage<P> & {
  /** Wraps the page in its own layout; pages without one get DefaultLayout. */
  getLayout?: (page: ReactElement) => ReactNode;
  access?: PageAccess;
};
