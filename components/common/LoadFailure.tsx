import type { CSSProperties } from 'react';
import { Alert, Button } from 'antd';

interface LoadFailureProps {
  /** What could not be done, as a sentence: "We could not load the spaces." */
  message: string;
  /** The reason the request failed, when known; it follows the sentence. */
  error?: string | null;
  onRetry(): void;
  style?: CSSProperties;
}

/** Something that could not load, with a way to ask for it again. */
export function LoadFailure({ message, error, onRetry, style }: LoadFailureProps) {
  return (
    <Alert
      type="error"
      showIcon
      title={`${message} ${error ?? ''}`}
      action={
        <Button size="small" onClick={onRetry}>
          Try again
        </Button>
      }
      style={style}
    />
  );
}
