import { useCallback, useMemo, useRef, useState } from 'react';
import type { FieldErrorTarget } from '@/components/forms/applyServerErrors';

/** Checks a field's value: its message when wrong, null when right. */
export type FieldCheck = (value: string) => Promise<string | null>;

type Values<Name extends string> = Record<Name, string>;

/**
 * The state of a form made of the ui controls: values, one message per field,
 * checks on every change and on submit (focusing the first wrong field), and
 * the methods applyServerErrors uses to put the server's messages on fields.
 * Input ids are `<form>_<field>`, as antd names them.
 */
export function useFormFields<Name extends string>(form: string, checks: Record<Name, FieldCheck>) {
  const names = Object.keys(checks) as Name[];
  const [values, setValues] = useState(() => Object.fromEntries(names.map((name) => [name, ''])) as Values<Name>);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  // The rendered inputs, in the order they appear: the fields that exist now.
  const inputs = useRef(new Map<Name, HTMLInputElement>());
  // A slow check must not overwrite the result of a later one.
  const runs = useRef(new Map<Name, number>());

  const check = useCallback(
    async (name: Name, value: string) => {
      const run = (runs.current.get(name) ?? 0) + 1;
      runs.current.set(name, run);
      const message = await checks[name](value);
      if (runs.current.get(name) === run) setErrors((all) => ({ ...all, [name]: message ?? undefined }));
      return message;
    },
    [checks],
  );

  const field = (name: Name) => ({
    id: `${form}_${name}`,
    value: values[name],
    error: errors[name],
    onChange: (value: string) => {
      setValues((all) => ({ ...all, [name]: value }));
      void check(name, value);
    },
    ref: (input: HTMLInputElement | null) => {
      if (input) inputs.current.set(name, input);
      else inputs.current.delete(name);
    },
  });

  /** Checks the rendered fields; their values when all pass, else null with the first wrong field focused. */
  const validate = async (): Promise<Partial<Values<Name>> | null> => {
    const present = names.filter((name) => inputs.current.has(name));
    const messages = await Promise.all(present.map((name) => check(name, values[name])));
    const firstWrong = present.find((_, i) => messages[i]);
    if (firstWrong) {
      inputs.current.get(firstWrong)?.focus();
      return null;
    }
    return Object.fromEntries(present.map((name) => [name, values[name]])) as Partial<Values<Name>>;
  };

  const target: FieldErrorTarget = useMemo(
    () => ({
      getFieldsError: () => [...inputs.current.keys()].map((name) => ({ name: [name] })),
      setFields: (fields) => setErrors((all) => ({ ...all, ...Object.fromEntries(fields.map((f) => [f.name, f.errors[0]])) })),
    }),
    [],
  );

  return { field, validate, target };
}
