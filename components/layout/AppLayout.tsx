import { useState, type ReactElement, type ReactNode } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { Layout, Menu, type MenuProps } from 'antd';
import { HomeOutlined, SearchOutlined, SettingOutlined, VideoCameraOutlined, WalletOutlined } from '@ant-design/icons';
import styled from 'styled-components';
import { Wordmark } from '@/components/common/Wordmark';
import { breakpoints, layout } from '@/lib/constants';
import { colors } from '@/lib/palette';
import { AntdProvider } from './AntdProvider';
import { AccountMenu } from './AccountMenu';
import { HeaderAsk } from './HeaderAsk';
import { HeaderSearch } from './HeaderSearch';
import { HubSwitcher } from './HubSwitcher';

const Header = styled(Layout.Header)`
  position: sticky;
  top: 0;
  z-index: 10;
  display: flex;
  align-items: center;
  gap: 16px;
  border-bottom: 1px solid ${colors.border};

  @media (max-width: ${breakpoints.sm}px) {
    gap: 8px;
    padding-inline: 12px;
  }
`;

const Spacer = styled.div`
  flex: 1;
`;

const Main = styled.main`
  width: 100%;
  max-width: ${layout.mainContentWidth}px;
  margin: 0 auto;
  padding: 32px 16px;
`;

/** Only real destinations: later features add their own entries. */
const navItems: MenuProps['items'] = [
  { key: '/', icon: <HomeOutlined />, label: <Link href="/">Home</Link> },
  { key: '/search', icon: <SearchOutlined />, label: <Link href="/search">Search</Link> },
  { key: '/meet', icon: <VideoCameraOutlined />, label: <Link href="/meet">Meetings</Link> },
  { key: '/hub/settings', icon: <SettingOutlined />, label: <Link href="/hub/settings">Hub settings</Link> },
  { key: '/hub/billing', icon: <WalletOutlined />, label: <Link href="/hub/billing">Billing</Link> },
];

/**
 * The signed-in shell: header (wordmark, hub switcher, account menu), a
 * sidebar that collapses below the md breakpoint, and the main column.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [collapsed, setCollapsed] = useState(false);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Header>
        <Wordmark compact />
        <HubSwitcher />
        <Spacer />
        <HeaderSearch />
        <HeaderAsk />
        <AccountMenu />
      </Header>
      <Layout>
        <Layout.Sider
          theme="light"
          width={layout.sidebarWidth}
          collapsedWidth={layout.sidebarCollapsedWidth}
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          // antd collapses the sider by itself when the window is narrower than md (768).
          breakpoint="md"
        >
          <nav aria-label="Main">
            <Menu mode="inline" selectedKeys={[router.pathname]} items={navItems} />
          </nav>
        </Layout.Sider>
        <Layout.Content>
          <Main>{children}</Main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** The app shell with antd's provider around it. */
export function AntdAppLayout({ children }: { children: ReactNode }) {
  return (
    <AntdProvider>
      <AppLayout>{children}</AppLayout>
    </AntdProvider>
  );
}

/** For pages: `Page.getLayout = withAppLayout`. */
export const withAppLayout = (page: ReactElement) => <AntdAppLayout>{page}</AntdAppLayout>;
