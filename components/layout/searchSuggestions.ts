import { createContext, type ReactNode } from 'react';

/** What the header's search box hands the list of suggestions under it. */
export interface SearchSuggestionsProps {
  /** The listbox's id; option `i` has the id optionId(id, i). */
  id: string;
  /** As typed; the list waits for a pause in the typing. */
  query: string;
  /** False hides the list; it stays mounted so its code is at hand once the box has had focus. */
  open: boolean;
  /** The address of all the results (the list's last option). */
  seeAll: string;
  /** The option the arrow keys chose, -1 for none. */
  active: number;
  onActive(index: number): void;
  /** The addresses the options open, in order, told after each render. */
  onOptions(addresses: string[]): void;
  onChoose(address: string): void;
}

export const optionId = (list: string, index: number) => `${list}-option-${index}`;

/**
 * Draws the suggestions under the header's search box. They show search
 * results, which sit above the layout: the app provides them, loaded when first wanted.
 */
export const SearchSuggestionsContext = createContext<((props: SearchSuggestionsProps) => ReactNode) | null>(null);
