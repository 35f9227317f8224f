import { useEffect } from 'react';
import { useRouter } from 'next/router';

export const LEAVE_WARNING = 'You have unsaved changes to this form template. Leave and lose them?';

/**
 * While `dirty`, asks before the page is left: the browser's own prompt on
 * reload or close, a confirm on a move inside the app (which is then
 * cancelled when declined, as Next.js documents for routeChangeStart).
 */
export function useLeaveGuard(dirty: boolean): void {
  const router = useRouter();
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const onRouteChange = (url: string) => {
      if (url === router.asPath || window.confirm(LEAVE_WARNING)) return;
      router.events.emit('routeChangeError');
      throw new Error('Route change cancelled: unsaved form template');
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    router.events.on('routeChangeStart', onRouteChange);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      router.events.off('routeChangeStart', onRouteChange);
    };
  }, [dirty, router]);
}
