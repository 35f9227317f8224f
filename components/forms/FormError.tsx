import { Alert } from 'antd';

/** The general failure of a form, not tied to one field (antd gives it role="alert", so it is announced). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return <Alert type="error" showIcon title={message} style={{ marginBottom: 20 }} />;
}
