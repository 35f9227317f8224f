/**
 * Drafts (spec §3): saved in localStorage, each under its own key
 * (`draft:<id>`), plus the list of those keys under `drafts`. Storage can be
 * missing (server rendering), full or disabled (private modes): drafts are a
 * convenience, so those failures are logged and never break the page.
 */
export const DRAFT_LIST_KEY = 'drafts';
const DRAFT_PREFIX = 'draft:';
/** The account whose drafts these are: drafts outlive an expired session, never a change of person. */
export const DRAFT_OWNER_KEY = 'drafts-owner';
export const draftKey = (id: string) => `${DRAFT_PREFIX}${id}`;

export interface Draft<T = unknown> {
  id: string;
  data: T;
  savedAt: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readJson(key: string): unknown {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function readKeys(): string[] {
  const value = readJson(DRAFT_LIST_KEY);
  return Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string') : [];
}

function writeKeys(keys: string[]): void {
  storage()?.setItem(DRAFT_LIST_KEY, JSON.stringify(keys));
}

export function saveDraft<T>(id: string, data: T): Draft<T> {
  const draft: Draft<T> = { id, data, savedAt: new Date().toISOString() };
  const store = storage();
  if (!store) return draft;
  try {
    store.setItem(draftKey(id), JSON.stringify(draft));
    const keys = readKeys();
    if (!keys.includes(draftKey(id))) writeKeys([...keys, draftKey(id)]);
  } catch (error) {
    console.warn('Could not save the draft', error);
  }
  return draft;
}

export function getDraft<T = unknown>(id: string): Draft<T> | null {
  const value = readJson(draftKey(id));
  return value && typeof value === 'object' && 'data' in value ? (value as Draft<T>) : null;
}

export function removeDraft(id: string): void {
  const store = storage();
  if (!store) return;
  store.removeItem(draftKey(id));
  writeKeys(readKeys().filter((k) => k !== draftKey(id)));
}

/** The ids of the saved drafts, oldest first. */
export function listDrafts(): string[] {
  return readKeys()
    .filter((key) => key.startsWith(DRAFT_PREFIX))
    .map((key) => key.slice(DRAFT_PREFIX.length));
}

/** Removes every draft, the list of draft keys and their owner (a deliberate sign-out, or another person signing in). */
export function clearDrafts(): void {
  const store = storage();
  if (!store) return;
  for (const key of readKeys()) store.removeItem(key);
  store.removeItem(DRAFT_LIST_KEY);
  store.removeItem(DRAFT_OWNER_KEY);
}

/**
 * Called when a person is signed in on this device. A session that merely
 * expired or a network blip keeps their drafts, so a different person signing
 * in next must start without them.
 */
export function claimDrafts(userId: string): void {
  const store = storage();
  if (!store) return;
  try {
    const owner = store.getItem(DRAFT_OWNER_KEY);
    if (owner !== null && owner !== userId) clearDrafts();
    store.setItem(DRAFT_OWNER_KEY, userId);
  } catch (error) {
    console.warn('Could not record whose drafts these are', error);
  }
}
