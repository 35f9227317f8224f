import { LoadFailure } from '@/components/common/LoadFailure';

/** A part of a preview that could not load, with a way to try again. */
export function PreviewProblem({ what, message, retry }: { what: string; message: string; retry(): void }) {
  return <LoadFailure message={`We could not load ${what}.`} error={message} onRetry={retry} style={{ marginBottom: 12 }} />;
}
