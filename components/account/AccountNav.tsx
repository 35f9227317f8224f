import { useRouter } from 'next/router';
import { Tabs } from 'antd';
import { ACCOUNT_PATHS } from '@/components/layout/AccountMenu';

const pages = [
  { key: ACCOUNT_PATHS.settings, label: 'Profile and email' },
  { key: ACCOUNT_PATHS.security, label: 'Sign-in and security' },
];

/** Moves between the person's two account pages; each is its own address, so either can be linked to. */
export function AccountNav() {
  const router = useRouter();
  return (
    <Tabs
      activeKey={router.pathname}
      onChange={(path) => void router.push(path)}
      items={pages.map((page) => ({ ...page, children: null }))}
      style={{ marginBottom: 8 }}
    />
  );
}
