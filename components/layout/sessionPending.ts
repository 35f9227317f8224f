import { createContext } from 'react';

/**
 * True while the guard cannot show a signed-in page yet (the session is being
 * restored, or the visitor is being sent elsewhere): layouts then draw their
 * frame with placeholders instead of anything about the person or their hub.
 */
export const SessionPendingContext = createContext(false);
