import { useCallback, useRef, useState } from 'react';
import type { FormInstance } from 'antd';
import { applyServerErrors, type FieldErrorTarget } from './applyServerErrors';

/**
 * Runs a form's async action once at a time. Server field errors go next to
 * their fields; anything else becomes `error` for an Alert above the form.
 */
export function useSubmit<Values>(form: FormInstance<Values> | FieldErrorTarget, action: (values: Values) => Promise<void>) {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A ref, not state: two clicks in the same tick both see the old state.
  const inFlight = useRef(false);

  const onFinish = useCallback(
    async (values: Values) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setSubmitting(true);
      setError(null);
      try {
        await action(values);
      } catch (e) {
        setError(applyServerErrors(form, e));
      } finally {
        inFlight.current = false;
        setSubmitting(false);
      }
    },
    [action, form],
  );

  return { submitting, error, setError, onFinish };
}
