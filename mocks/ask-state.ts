import type { MockDb } from './state';

/** A question asked of the hub, as stored. */
export interface MockQuestion {
  id: string;
  hubId: string;
  userId: string;
  /** The first question's id (its own for a first question). */
  conversationId: string;
  spaceId: string | null;
  question: string;
  answered: boolean;
  /** The asker's rating: null until rated. */
  helpful: boolean | null;
  askedAt: string;
}

/** Plain data, kept in MockData like the rest of the mock's state. */
export interface MockAskData {
  questions: MockQuestion[];
}

/** The mock's questions, made on first use. */
export function askData(db: MockDb): MockAskData {
  db.data.ask ??= { questions: [] };
  return db.data.ask;
}
