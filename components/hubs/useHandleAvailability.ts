import { useEffect, useRef, useState } from 'react';
import { createHubBody } from '@/lib/contract/hubs';
import { hubApi } from '@/client/http/hubs-api';
import { errorMessage } from '@/client/http/clients';

export const HANDLE_CHECK_DELAY_MS = 300;

export type HandleAvailability =
  | { state: 'idle' }
  | { state: 'checking'; handle: string }
  | { state: 'available'; handle: string }
  | { state: 'unavailable'; handle: string; reason: string };

interface Answer {
  handle: string;
  available: boolean;
  reason: string;
}

const handleSchema = createHubBody.shape.domain_handle;

/**
 * Asks the API whether a handle is free, ~300 ms after the user stops typing.
 * Handles the form rule already rejects are not sent; an answer that arrives
 * after the handle changed again is dropped.
 */
export function useHandleAvailability(value: string | undefined): HandleAvailability {
  const parsed = handleSchema.safeParse(value ?? '');
  const handle = parsed.success ? parsed.data : null;
  const [answer, setAnswer] = useState<Answer | null>(null);
  const latest = useRef<string | null>(null);

  useEffect(() => {
    latest.current = handle;
    if (!handle) return;
    const timer = window.setTimeout(async () => {
      let next: Answer;
      try {
        const { data } = await hubApi.checkHandle(handle);
        next = { handle, available: data.available, reason: data.reason ?? `${handle} is not available` };
      } catch (e) {
        next = { handle, available: false, reason: errorMessage(e) };
      }
      if (latest.current === handle) setAnswer(next);
    }, HANDLE_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [handle]);

  if (!handle) return { state: 'idle' };
  if (answer?.handle !== handle) return { state: 'checking', handle };
  return answer.available ? { state: 'available', handle } : { state: 'unavailable', handle, reason: answer.reason };
}
