import { Suspense, use, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import { Drawer, Layout, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import styled from 'styled-components';
import { Wordmark } from '@/components/common/Wordmark';
import { SkeletonBlock } from '@/components/ui/Skeleton';
import { breakpoints, layout } from '@/lib/constants';
import { colors } from '@/lib/palette';
import { AntdProvider } from './AntdProvider';
import { AccountMenu } from './AccountMenu';
import { HeaderAsk } from './HeaderAsk';
import { HeaderSearch } from './HeaderSearch';
import { HubSwitcher } from './HubSwitcher';
import { Sidebar } from './Sidebar';
import { SessionPendingContext } from './sessionPending';
import { ShellPartsContext } from './shellParts';
import { useSidebarSpaces } from './sidebarSpaces';
import { SkipLink } from './SkipLink';

const phone = `(max-width: ${breakpoints.sm}px)`;
/** Wide enough for two columns of cards on a 1440 screen; beyond it lines get too long to read. */
const MAIN_MAX_WIDTH = 1200;

const Header = styled(Layout.Header)`
  position: sticky;
  top: 0;
  z-index: 10;
  display: flex;
  align-items: center;
  gap: 16px;
  border-bottom: 1px solid ${colors.border};

  .menu {
    display: none;
  }

  @media ${phone} {
    gap: 8px;
    padding-inline: 12px;

    .menu {
      display: grid;
    }
  }
`;

const RoundButton = styled.button`
  flex: none;
  place-items: center;
  width: 36px;
  height: 36px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: none;
  font-size: 18px;
  color: ${colors.text};
  cursor: pointer;

  &:hover {
    background: ${colors.fill};
  }
`;

const Spacer = styled.div`
  flex: 1;
`;

/** Stays in view while the page scrolls; its border runs the whole height. */
const Sider = styled(Layout.Sider)`
  position: sticky !important;
  top: ${layout.headerHeight}px;
  align-self: flex-start;
  height: calc(100vh - ${layout.headerHeight}px);
  border-inline-end: 1px solid ${colors.border};

  .ant-layout-sider-children {
    display: flex;
    flex-direction: column;
  }

  nav {
    flex: 1;
    min-height: 0;
    overflow-y: auto;
  }

  .fold {
    display: flex;
    justify-content: flex-end;
    padding: 8px 10px;
    border-top: 1px solid ${colors.divider};
  }

  .fold button {
    display: grid;
  }

  &.ant-layout-sider-collapsed .fold {
    justify-content: center;
  }

  @media ${phone} {
    display: none;
  }
`;

/** The page itself: as wide as the window leaves it; pages cap their own lines where they need to. */
const Main = styled.main`
  width: 100%;
  max-width: ${MAIN_MAX_WIDTH}px;
  margin: 0 auto;
  padding: 32px 40px;

  &:focus {
    outline: none;
  }

  @media (max-width: ${breakpoints.md}px) {
    padding: 24px 16px;
  }
`;

const SidebarPlaceholder = styled.div`
  display: flex;
  flex-direction: column;
  gap: 18px;
  padding: 20px 20px 24px;
`;

/** The side bar's outline while the session is restored: nothing about the person or their hub yet. */
function SidebarSkeleton({ collapsed = false }: { collapsed?: boolean }) {
  const rows = ['70%', '55%', '62%', '48%', '66%'];
  return (
    <SidebarPlaceholder aria-hidden>
      {rows.map((width, i) => (
        <SkeletonBlock key={i} $width={collapsed ? '24px' : width} $height={18} />
      ))}
    </SidebarPlaceholder>
  );
}

/**
 * The signed-in shell: the header (menu on phones, wordmark, hub switcher,
 * search, Ask, account), the side bar (a drawer on phones; a rail below md),
 * the page, and the ⌘K command palette.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const router = useRouter();
  const parts = use(ShellPartsContext);
  // Drawn before the session is known (see AuthGuard): the frame, placeholders where the person's parts go.
  const pending = use(SessionPendingContext);
  const [collapsed, setCollapsed] = useState(false);
  const [drawer, setDrawer] = useState(false);
  // A page opened closes the drawer.
  const [path, setPath] = useState(router.asPath);
  if (path !== router.asPath) {
    setPath(router.asPath);
    setDrawer(false);
  }
  const [palette, setPalette] = useState(false);
  const [creating, setCreating] = useState(false);
  // Each stays mounted once opened, so closing keeps its animation.
  const [loaded, setLoaded] = useState({ palette: false, creating: false });
  if (palette && !loaded.palette) setLoaded({ ...loaded, palette: true });
  if (creating && !loaded.creating) setLoaded({ ...loaded, creating: true });

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if ((e.metaKey || e.ctrlKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setPalette((open) => !open);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // A space opened joins the side bar's "Recent".
  const spaceId = router.pathname === '/spaces/[id]' && typeof router.query.id === 'string' ? router.query.id : null;
  useEffect(() => {
    if (spaceId) useSidebarSpaces.getState().visited(spaceId);
  }, [spaceId]);

  const newSpace = () => {
    setDrawer(false);
    setCreating(true);
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      <Header>
        <RoundButton type="button" className="menu" aria-label="Open menu" aria-expanded={drawer} onClick={() => setDrawer(true)}>
          <MenuOutlined aria-hidden />
        </RoundButton>
        <Wordmark compact />
        {pending ? (
          <>
            <SkeletonBlock $width="120px" $height={20} />
            <Spacer />
            <SkeletonBlock $width="36px" $height={36} $round />
          </>
        ) : (
          <>
            <HubSwitcher />
            <Spacer />
            <HeaderSearch />
            <HeaderAsk />
            <AccountMenu />
          </>
        )}
      </Header>
      <Layout hasSider>
        <Sider
          theme="light"
          width={layout.sidebarWidth}
          collapsedWidth={layout.sidebarCollapsedWidth}
          collapsed={collapsed}
          onCollapse={setCollapsed}
          // antd folds the side bar by itself when the window is narrower than md (768).
          breakpoint="md"
          trigger={null}
        >
          {pending ? (
            <SidebarSkeleton collapsed={collapsed} />
          ) : (
            <nav aria-label="Main">
              <Sidebar collapsed={collapsed} onNewSpace={newSpace} />
            </nav>
          )}
          <div className="fold">
            <Tooltip title={collapsed ? 'Expand the side bar' : 'Collapse the side bar'} placement="right">
              <RoundButton
                type="button"
                aria-label={collapsed ? 'Expand the side bar' : 'Collapse the side bar'}
                onClick={() => setCollapsed(!collapsed)}
              >
                {collapsed ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
              </RoundButton>
            </Tooltip>
          </div>
        </Sider>
        <Layout.Content>
          <Main id="main" tabIndex={-1}>
            {children}
          </Main>
        </Layout.Content>
      </Layout>
      <Drawer
        open={drawer}
        onClose={() => setDrawer(false)}
        placement="left"
        size={Math.min(layout.sidebarWidth + 30, 320)}
        title={<Wordmark />}
        styles={{ body: { padding: 0 } }}
      >
        {pending ? (
          <SidebarSkeleton />
        ) : (
          <nav aria-label="Main">
            <Sidebar onNewSpace={newSpace} />
          </nav>
        )}
      </Drawer>
      {parts && (
        <Suspense fallback={null}>
          {loaded.palette && <parts.CommandPalette open={palette} onClose={() => setPalette(false)} onNewSpace={newSpace} />}
          {loaded.creating && <parts.NewSpace open={creating} onClose={() => setCreating(false)} />}
        </Suspense>
      )}
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
