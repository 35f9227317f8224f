import { useEffect } from 'react';
import { App } from 'antd';
import { useShallow } from 'zustand/react/shallow';
import { useRequestStore } from '@/store/request';
import { AntdProvider } from './AntdProvider';

/** Shows the request store's message once, as an error or an informational toast. */
function Toasts() {
  const { message: toast } = App.useApp();
  const { message, kind } = useRequestStore(useShallow((s) => ({ message: s.message, kind: s.kind })));

  useEffect(() => {
    // The store is checked again so a re-run of the effect cannot show the same message twice.
    if (!message || useRequestStore.getState().message !== message) return;
    if (kind === 'error') void toast.error(message);
    else void toast.info(message);
    useRequestStore.getState().clear();
  }, [message, kind, toast]);

  return null;
}

/** antd's toasts, with their own provider: RequestMessages loads this on the first message. */
export default function RequestToasts() {
  return (
    <AntdProvider>
      <Toasts />
    </AntdProvider>
  );
}
