import type { ComponentProps } from 'react';
import { AntdProvider } from '@/components/layout/AntdProvider';
import { TwoFactorStep } from './TwoFactorStep';

/** The second sign-in step with antd's provider, for the sign-in page, which loads both only when the step is shown. */
export function LazyTwoFactorStep(props: ComponentProps<typeof TwoFactorStep>) {
  return (
    <AntdProvider>
      <TwoFactorStep {...props} />
    </AntdProvider>
  );
}
