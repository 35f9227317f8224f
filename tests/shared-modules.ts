/**
 * The unit project's files share one module graph (isolate: false): a test
 * helper that keeps state at module level registers here how to put it back
 * as a freshly loaded module has it, and tests/setup.ts runs every reset
 * before each file.
 */
const resets: Array<() => void> = [];

export function resetBeforeEachFile(reset: () => void): void {
  resets.push(reset);
}

export function runFileResets(): void {
  for (const reset of resets) reset();
}
