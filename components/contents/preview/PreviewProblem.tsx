import { Alert, Button } from 'antd';

/** A part of a preview that could not load, with a way to try again. */
export function PreviewProblem({ what, message, retry }: { what: string; message: string; retry(): void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={`We could not load ${what}. ${message}`}
      action={
        <Button size="small" onClick={retry}>
          Try again
        </Button>
      }
      style={{ marginBottom: 12 }}
    />
  );
}
