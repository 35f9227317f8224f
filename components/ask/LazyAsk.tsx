import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { MessageOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import styled from 'styled-components';
import { breakpoints } from '@/lib/constants';

// The Ask code loads when it is first shown, so pages that offer it do not grow.
const AskPanelPart = lazy(() => import('./AskPanel').then((m) => ({ default: m.AskPanel })));
const AskDrawerPart = lazy(() => import('./AskDrawer').then((m) => ({ default: m.AskDrawer })));

/** The Ask panel, loaded on demand. */
export function LazyAskPanel(props: ComponentProps<typeof AskPanelPart>) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
      <AskPanelPart {...props} />
    </Suspense>
  );
}

// In the header the word gives way to a round icon on phones, like the search icon beside it.
const Opener = styled(Button)`
  @media (max-width: ${breakpoints.md - 1}px) {
    &.compact {
      width: 36px;
      height: 36px;
      padding-inline: 0;
      border-color: transparent;
      border-radius: 50%;
      box-shadow: none;
    }

    &.compact .label {
      display: none;
    }
  }
`;

interface AskButtonProps {
  label: string;
  /** Ask one space only. */
  space?: { id: string; name: string };
  /** Only the icon on narrow screens (the header). */
  compact?: boolean;
}

/** A button that opens the Ask panel in a drawer; the drawer's code loads with the first click. */
export function AskButton({ label, space, compact = false }: AskButtonProps) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Opener
        className={compact ? 'compact' : undefined}
        aria-label={label}
        icon={<MessageOutlined />}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <span className="label">{label}</span>
      </Opener>
      {used && (
        <Suspense fallback={null}>
          <AskDrawerPart open={open} onClose={() => setOpen(false)} space={space} />
        </Suspense>
      )}
    </>
  );
}
