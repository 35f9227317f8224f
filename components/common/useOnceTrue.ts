import { useState } from 'react';

/**
 * True from the first render where `value` is true on. A part loaded on demand
 * (a modal, a drawer) mounts when first opened and stays mounted, so closing
 * it keeps its animation.
 */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
