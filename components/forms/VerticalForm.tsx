import type { ReactNode } from 'react';
import { Form, type FormProps } from 'antd';

/**
 * Every form of the app: labels above inputs, no required asterisks (optional
 * fields say so), and no native browser validation bubbles — our rules speak instead.
 */
export function VerticalForm<Values>(props: Omit<FormProps<Values>, 'children'> & { children: ReactNode }) {
  return <Form<Values> layout="vertical" requiredMark={false} size="large" scrollToFirstError noValidate {...props} />;
}
