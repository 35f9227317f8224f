import { Button, type ButtonProps } from 'antd';

interface SubmitButtonProps extends Omit<ButtonProps, 'htmlType' | 'loading'> {
  submitting: boolean;
}

/** The form's submit button: shows progress and refuses clicks while the request runs. */
export function SubmitButton({ submitting, disabled, type = 'primary', block = true, size = 'large', ...rest }: SubmitButtonProps) {
  return (
    <Button
      {...rest}
      type={type}
      block={block}
      size={size}
      htmlType="submit"
      loading={submitting}
      disabled={disabled || submitting}
      aria-busy={submitting}
    />
  );
}
