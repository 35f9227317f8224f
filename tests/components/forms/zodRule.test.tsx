import { screen } from '@testing-library/react';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { registerBody } from '@/lib/contract/auth';
import { lazyZodCheck } from '@/components/forms/lazyZodCheck';
import { zodRule } from '@/components/forms/zodRule';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { renderWithApp } from '@/tests/render';

/** Runs a rule's validator the way antd does and returns the message it rejects with. */
async function messageFor(schema: z.ZodType, value: unknown): Promise<string | null> {
  const rule = zodRule(schema);
  if (typeof rule === 'function' || !rule.validator) throw new Error('expected a validator rule');
  try {
    await rule.validator({}, value, () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('zodRule', () => {
  it('gives exactly the server schema’s first message', async () => {
    const password = registerBody.shape.password;
    expect(await messageFor(password, undefined)).toBe('Please enter a password');
    expect(await messageFor(password, 'Ab1#')).toBe('Password must be at least 8 characters');
    expect(await messageFor(password, 'Abcdefg1#')).toBeNull();
    expect(await messageFor(registerBody.shape.email, 'x@')).toBe('Enter a valid email address');
  });

  it('marks schemas that reject a missing value as required, and optional ones as not', () => {
    expect(zodRule(registerBody.shape.name)).toMatchObject({ required: true });
    expect(zodRule(z.string().optional())).toMatchObject({ required: false });
  });

  it('shows its message under the field and marks the input required', async () => {
    const { user } = renderWithApp(
      <VerticalForm>
        <Form.Item label="Name" name="name" rules={[zodRule(registerBody.shape.name)]}>
          <Input />
        </Form.Item>
        <button type="submit">Save</button>
      </VerticalForm>,
    );
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-required', 'true');
    await user.type(screen.getByLabelText('Name'), 'A');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
  });
});

describe('lazyZodCheck', () => {
  it('loads the schema at the first check and gives its first message', async () => {
    const load = vi.fn(async () => registerBody.shape.password);
    const check = lazyZodCheck(load);
    expect(load).not.toHaveBeenCalled();
    await expect(check('Ab1#')).resolves.toBe('Password must be at least 8 characters');
    await expect(check('Abcdefg1#')).resolves.toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
