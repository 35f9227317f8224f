import { act, render, renderHook } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { useSubmit } from '@/components/forms/useSubmit';
import { deferred } from '@/tests/render';

/** The hook on a form instance that is mounted, as it is on a page. */
function renderSubmit(action: () => Promise<void>) {
  const hook = renderHook(() => {
    const [form] = Form.useForm();
    return { form, ...useSubmit(form, action) };
  });
  render(<Form form={hook.result.current.form} />);
  return hook.result;
}

describe('useSubmit', () => {
  it('runs the action once while it is pending, even when submitted twice in the same tick', async () => {
    const gate = deferred();
    const action = vi.fn(() => gate.promise);
    const result = renderSubmit(action);
    let first!: Promise<void>;
    act(() => {
      first = result.current.onFinish({});
      void result.current.onFinish({});
    });
    expect(result.current.submitting).toBe(true);
    await act(async () => {
      gate.release();
      await first;
    });
    expect(action).toHaveBeenCalledTimes(1);
    expect(result.current.submitting).toBe(false);
  });

  it('turns a failure into the general error and clears it on the next try', async () => {
    const action = vi.fn().mockRejectedValueOnce(new Error('Network Error')).mockResolvedValueOnce(undefined);
    const result = renderSubmit(action);
    await act(() => result.current.onFinish({}));
    expect(result.current.error).toBe('Network Error');
    await act(() => result.current.onFinish({}));
    expect(result.current.error).toBeNull();
  });
});
