import { and, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { sessions } from '../../db/schema';

/** Sessions whose token still works: not signed out and not past their server-side end. */
export const isLiveSession = (): SQL => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`))!;
