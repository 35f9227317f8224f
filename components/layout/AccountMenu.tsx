import { useState } from 'react';
import { useRouter } from 'next/router';
import { Button, Dropdown, type MenuProps } from 'antd';
import { LogoutOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import styled from 'styled-components';
import { colors } from '@/lib/palette';
import { initialsOf } from '@/components/common/format';
import { PersonAvatar } from '@/components/common/PersonAvatar';
import { popupInHeader } from './popupInHeader';
import { SIGN_IN_PATH } from '@/lib/onboarding/guard';
import { useAuthStore } from '@/store/auth';

/** Where the menu's items lead. */
export const ACCOUNT_PATHS = { settings: '/account', security: '/account/security' } as const;

const Identity = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  max-width: 280px;
  padding: 4px 0;
  line-height: 1.4;
  cursor: default;

  div {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }

  strong,
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  /* The identity item is disabled (not clickable) but must not look greyed out. */
  strong {
    color: ${colors.heading};
  }

  span {
    font-size: 13px;
    color: ${colors.textSecondary};
  }
`;

/** The header's account button: who is signed in (photo or initials, name, job role, email), their settings, and "Sign out". */
export function AccountMenu() {
  const router = useRouter();
  const user = useAuthStore((s) => s.user);
  const settings = useAuthStore((s) => s.settings);
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

  const jobRole = settings?.profile_roles.find((r) => r.value === user.profile.role)?.label ?? user.profile.role;
  // Without a photo the button shows the initials, so its name carries them too (what is seen is what can be said).
  const buttonLabel = user.photo_url ? 'Account menu' : `Account menu, ${initialsOf(user.name) || '?'}`;
  const avatar = (size: number) => <PersonAvatar name={user.name} colour={user.profile.colour} photoUrl={user.photo_url} size={size} />;
  const items: MenuProps['items'] = [
    {
      key: 'identity',
      disabled: true,
      label: (
        <Identity>
          {avatar(44)}
          <div>
            <strong>{user.name}</strong>
            {jobRole && <span>{jobRole}</span>}
            <span>{user.email}</span>
          </div>
        </Identity>
      ),
    },
    { type: 'divider' },
    { key: 'settings', label: 'Account settings', icon: <UserOutlined /> },
    { key: 'security', label: 'Sign-in and security', icon: <SafetyOutlined /> },
    { type: 'divider' },
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
          if (key === 'settings' || key === 'security') void router.push(ACCOUNT_PATHS[key]);
        },
      }}
    >
      <Button type="text" shape="circle" size="large" aria-label={buttonLabel} loading={signingOut}>
        {avatar(32)}
      </Button>
    </Dropdown>
  );
}
