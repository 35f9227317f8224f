import { act, renderHook } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { Form, Input, type FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import { applyServerErrors } from '@/components/forms/applyServerErrors';
import { renderWithApp } from '@/tests/render';

/** An axios failure carrying the API's error body. */
function apiFailure(status: number, body: unknown): AxiosError {
  const response = { status, data: body, statusText: '', headers: {}, config: { headers: new AxiosHeaders() } } as AxiosResponse;
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', undefined, undefined, response);
}

function renderForm() {
  const { result } = renderHook(() => Form.useForm<{ email: string; name: string }>()[0]);
  const form: FormInstance = result.current;
  renderWithApp(
    <Form form={form}>
      <Form.Item label="Email" name="email">
        <Input />
      </Form.Item>
      <Form.Item label="Name" name="name">
        <Input />
      </Form.Item>
    </Form>,
  );
  return form;
}

describe('applyServerErrors', () => {
  it('puts field errors on their fields and leaves no general message', () => {
    const form = renderForm();
    let general: string | null = 'unset';
    act(() => {
      general = applyServerErrors(
        form,
        apiFailure(409, { message: 'Taken', code: 'email_taken', errors: { email: ['An account with this email already exists.'] } }),
      );
    });
    expect(general).toBeNull();
    expect(form.getFieldError('email')).toEqual(['An account with this email already exists.']);
    expect(form.getFieldError('name')).toEqual([]);
  });

  it('returns the message when the errors name no field of the form', () => {
    const form = renderForm();
    const general = applyServerErrors(
      form,
      apiFailure(400, { message: 'This reset link is invalid.', code: 'invalid_reset_token', errors: { token: ['This reset link is invalid.'] } }),
    );
    expect(general).toBe('This reset link is invalid.');
    expect(form.getFieldError('email')).toEqual([]);
  });

  it('returns the message of an error without field errors, or of a network failure', () => {
    const form = renderForm();
    expect(applyServerErrors(form, apiFailure(401, { message: 'The email or password is incorrect.', code: 'invalid_credentials' }))).toBe(
      'The email or password is incorrect.',
    );
    expect(applyServerErrors(form, new AxiosError('Network Error', 'ERR_NETWORK'))).toBe('Network Error');
  });
});
