import type { Logger } from 'drizzle-orm/logger';

/**
 * Counts the SQL statements the API sends through drizzle, for tests that pin
 * how many a request costs: pass `logger` to `startTestServer`, then read
 * `during(request)`.
 */
export function createStatementCounter() {
  let statements: string[] = [];
  const logger: Logger = {
    logQuery(query) {
      statements.push(query);
    },
  };
  return {
    logger,
    /** The statements sent while `action` ran (nothing else may use the server meanwhile). */
    async during(action: () => Promise<unknown>): Promise<string[]> {
      statements = [];
      await action();
      const sent = statements;
      statements = [];
      return sent;
    },
  };
}
