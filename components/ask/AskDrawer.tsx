import { Drawer } from 'antd';
import { useOpenAfterMount } from '@/components/common/useOpenAfterMount';
import { AskPanel } from './AskPanel';

interface AskDrawerProps {
  open: boolean;
  onClose(): void;
  /** Ask one space only. */
  space?: { id: string; name: string };
}

/** The Ask panel at the side of any page; closing it keeps the conversation until the page changes. */
export function AskDrawer({ open, onClose, space }: AskDrawerProps) {
  const shown = useOpenAfterMount(open);
  return (
    <Drawer open={shown} onClose={onClose} size="min(640px, 100vw)" title={space ? `Ask ${space.name}` : 'Ask your spaces'}>
      <AskPanel space={space} />
    </Drawer>
  );
}
