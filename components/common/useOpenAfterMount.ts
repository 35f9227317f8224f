import { useEffect, useState } from 'react';

/**
 * `open`, but false until the frame after the first render. antd's Drawer and
 * Modal take the focus (so Escape closes them) when they go from closed to
 * open; a part loaded on demand that mounts already open would not.
 */
export function useOpenAfterMount(open: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return mounted && open;
}
