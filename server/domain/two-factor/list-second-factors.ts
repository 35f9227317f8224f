import type { Database } from '../../db/connect';
import type { UserRow } from '../../types';
import type { SecondFactorMethod } from '../../../lib/contract/auth';

/** The second factors a person has set up; empty when they sign in with one factor. */
export async function listSecondFactors(opts: { db: Database; user: UserRow }): Promise<SecondFactorMethod[]> {
  void opts;
  return [];
}
