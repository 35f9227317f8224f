import { useState } from 'react';
import { useRouter } from 'next/router';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { LogoutOutlined, SafetyOutlined } from '@ant-design/icons';
import styled from 'styled-components';
import { theme } from '@/lib/constants';
import { popupInHeader } from './popupInHeader';
import { SIGN_IN_PATH } from '@/lib/onboarding/guard';
import { useAuthStore } from '@/store/auth';

const Identity = styled.div`
  display: flex;
  flex-direction: column;
  max-width: 240px;
  line-height: 1.4;

  strong,
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  /* The identity item is disabled (not clickable) but must not look greyed out. */
  strong {
    color: rgba(0, 0, 0, 0.88);
  }

  span {
    color: rgba(0, 0, 0, 0.55);
  }
`;

const initialOf = (name: string) => name.trim().charAt(0).toUpperCase() || '?';

/** The header's account button: who is signed in, and "Sign out". */
export function AccountMenu() {
  const router = useRouter();
  const user = useAuthStore((s) => s.user);
  const logout = useAuthStore((s) => s.logout);
  const [signingOut, setSigningOut] = useState(false);
  if (!user) return null;

  async function signOut() {
    setSigningOut(true);
    try {
      await logout();
      await router.replace(SIGN_IN_PATH);
    } finally {
      setSigningOut(false);
    }
  }

  const items: MenuProps['items'] = [
    {
      key: 'identity',
      disabled: true,
      label: (
        <Identity>
          <strong>{user.name}</strong>
          <span>{user.email}</span>
        </Identity>
      ),
    },
    { type: 'divider' },
    { key: 'security', label: 'Sign-in and security', icon: <SafetyOutlined /> },
    { key: 'sign-out', label: 'Sign out', icon: <LogoutOutlined />, disabled: signingOut },
  ];

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      getPopupContainer={popupInHeader}
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'sign-out') void signOut();
          if (key === 'security') void router.push('/account/security');
        },
      }}
    >
      <Button type="text" shape="circle" size="large" aria-label="Account menu" loading={signingOut}>
        <Avatar style={{ backgroundColor: user.profile.colour || theme.primaryColor }}>{initialOf(user.name)}</Avatar>
      </Button>
    </Dropdown>
  );
}
