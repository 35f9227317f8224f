import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input, Modal } from 'antd';
import { describe, expect, it } from 'vitest';
import { AntdProvider } from '@/components/layout/AntdProvider';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { theme } from '@/lib/constants';

/** One line of form text as antd sets it (its base line height, 22/14). */
const LINE = Math.round(theme.fontSize * (22 / 14));
const px = (value: string) => Number.parseFloat(value);

/** The value antd's stylesheet gives one of its variables (jsdom does not cascade antd's scoped rules, so none is computed). */
function antdVariable(name: string): string {
  const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]);
  const values = rules.flatMap((rule) => (rule instanceof CSSStyleRule ? [rule.style.getPropertyValue(name)] : [])).filter(Boolean);
  const value = values.at(-1);
  if (!value) throw new Error(`antd set no ${name}`);
  return value;
}

function Dialog() {
  return (
    <AntdProvider>
      <Modal open title="New space" footer={null}>
        <VerticalForm name="spacing">
          <Form.Item label="Name" name="name" rules={[{ required: true, message: 'Please enter a name' }]}>
            <Input />
          </Form.Item>
          <Form.Item label="Description" name="description">
            <Input />
          </Form.Item>
          <Button htmlType="submit">Save</Button>
        </VerticalForm>
      </Modal>
    </AntdProvider>
  );
}

describe('spacing in dialogs and forms', () => {
  it('keeps a dialog’s title clear of its first field', async () => {
    render(<Dialog />);
    const dialog = await screen.findByRole('dialog', { name: 'New space' });
    const header = dialog.querySelector('.ant-modal-header');
    if (!header) throw new Error('no dialog header');
    expect(px(getComputedStyle(header).marginBottom)).toBeGreaterThanOrEqual(16);
  });

  it('leaves a gap between a field’s error and the next field’s label', async () => {
    const user = userEvent.setup();
    render(<Dialog />);
    await screen.findByRole('dialog', { name: 'New space' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Please enter a name');
    // antd lets an error take the field's bottom margin: a line of error text needs more than a line's height there.
    expect(px(antdVariable('--ant-form-item-margin-bottom'))).toBeGreaterThanOrEqual(LINE + 4);
  });
});
