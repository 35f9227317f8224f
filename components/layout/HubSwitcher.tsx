import { useState } from 'react';
import { useRouter } from 'next/router';
import { Button, Dropdown, type MenuProps } from 'antd';
import { CheckOutlined, DownOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import styled from 'styled-components';
import { hubApi } from '@/client/http/hubs-api';
import { errorMessage } from '@/client/http/clients';
import { useAuthStore } from '@/store/auth';
import { useRequestStore } from '@/store/request';
import { popupInHeader } from './popupInHeader';

const HubName = styled.span`
  /* On a phone the header also holds the wordmark, search and the account menu. */
  max-width: min(220px, 26vw);
  overflow: hidden;
  font-weight: 600;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const CREATE_KEY = 'action:create';
const JOIN_KEY = 'action:join';

/** The active hub's name; opens a menu to switch to another of the user's hubs, or create/join one. */
export function HubSwitcher() {
  const router = useRouter();
  const user = useAuthStore((s) => s.user);
  const setUser = useAuthStore((s) => s.setUser);
  const [switching, setSwitching] = useState(false);
  const active = user?.active_organization;
  if (!user || !active) return null;

  async function switchTo(handle: string) {
    setSwitching(true);
    try {
      const { data } = await hubApi.switchTo(handle);
      setUser(data);
      await router.push('/');
    } catch (error) {
      useRequestStore.getState().fetchError(errorMessage(error));
    } finally {
      setSwitching(false);
    }
  }

  const items: MenuProps['items'] = [
    {
      type: 'group',
      label: 'Your hubs',
      children: user.organizations.map((hub) => ({
        key: hub.domain_handle,
        label: hub.name,
        icon: hub.domain_handle === active.domain_handle ? <CheckOutlined /> : <span aria-hidden="true" />,
      })),
    },
    { type: 'divider' },
    { key: CREATE_KEY, label: 'Create a hub', icon: <PlusOutlined /> },
    { key: JOIN_KEY, label: 'Join a hub', icon: <TeamOutlined /> },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === CREATE_KEY) void router.push('/create-hub');
    else if (key === JOIN_KEY) void router.push('/join-hub');
    else if (key !== active.domain_handle) void switchTo(key);
  };

  return (
    <Dropdown trigger={['click']} getPopupContainer={popupInHeader} menu={{ items, onClick, selectedKeys: [active.domain_handle] }}>
      <Button type="text" loading={switching} title="Switch hub">
        <HubName>{active.name}</HubName>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
