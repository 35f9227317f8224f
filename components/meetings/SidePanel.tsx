import type { ReactNode } from 'react';
import { CloseOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Grid, Tabs } from 'antd';
import styled from 'styled-components';
import { video } from '@/lib/constants';
import { colors } from '@/lib/palette';
import type { SidePanel as Which } from './MeetingActions';

const Aside = styled.aside`
  display: flex;
  flex: none;
  flex-direction: column;
  width: 360px;
  height: calc(${video.videosAreaHeight} - 24px);
  margin: 12px 12px 12px 0;
  padding: 4px 16px 16px;
  border-radius: 12px;
  background: ${colors.stageSurface};
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  height: 100%;
  min-height: 0;

  /* The tabs are only the switch; the open panel fills the rest, the chat's box at its bottom. */
  .ant-tabs {
    flex: none;
  }

  .ant-tabs-content-holder {
    display: none;
  }

  > [role='tabpanel'] {
    flex: 1;
    min-height: 0;
    overflow-y: auto;
  }
`;

interface SidePanelProps {
  open: Which | null;
  onOpen(panel: Which | null): void;
  unread: number;
  peopleCount: number;
  chat: ReactNode;
  people: ReactNode;
}

/** Chat and People beside the videos; a sheet from the bottom on a phone. */
export function SidePanel({ open, onOpen, unread, peopleCount, chat, people }: SidePanelProps) {
  const wide = Grid.useBreakpoint().md === true;
  const shown = open ?? 'chat';
  const tabs = (
    <Body>
      <Tabs
        activeKey={shown}
        onChange={(key) => onOpen(key === 'people' ? 'people' : 'chat')}
        tabBarExtraContent={<Button type="text" shape="circle" aria-label="Close panel" icon={<CloseOutlined />} onClick={() => onOpen(null)} />}
        items={[
          {
            key: 'chat',
            label: (
              <Badge count={open === 'chat' ? 0 : unread} size="small" offset={[8, 0]}>
                Chat
              </Badge>
            ),
          },
          { key: 'people', label: `People (${peopleCount})` },
        ]}
      />
      <div role="tabpanel" aria-label={shown === 'chat' ? 'Chat' : 'People'}>
        {shown === 'chat' ? chat : people}
      </div>
    </Body>
  );

  if (wide) return open ? <Aside aria-label="Meeting panel">{tabs}</Aside> : null;
  return (
    <Drawer
      open={open !== null}
      onClose={() => onOpen(null)}
      placement="bottom"
      size="60vh"
      closable={false}
      aria-label="Meeting panel"
      styles={{ body: { display: 'flex', flexDirection: 'column', padding: '4px 16px 16px' } }}
    >
      {tabs}
    </Drawer>
  );
}
