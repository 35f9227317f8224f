import { createContext, createElement, Suspense, use, type ComponentType } from 'react';

/** What the header hands the button that opens the Ask panel. */
export interface AskEntryProps {
  label: string;
  /** Only the icon on narrow screens. */
  compact?: boolean;
}

/**
 * The header's way into Ask. Asking sits above the layout's layer (its
 * answers open content previews): the app provides it, loaded on demand.
 */
export const AskEntryContext = createContext<ComponentType<AskEntryProps> | null>(null);

/** The Ask button beside the header's search box, once its code has come. */
export function HeaderAsk() {
  const AskEntry = use(AskEntryContext);
  if (!AskEntry) return null;
  // createElement: the component comes from the app's context, the same one on every render.
  return <Suspense fallback={null}>{createElement(AskEntry, { label: 'Ask', compact: true })}</Suspense>;
}
