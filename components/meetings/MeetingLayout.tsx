import type { ReactElement, ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import styled from 'styled-components';
import { colors } from '@/lib/palette';
import { withAntd } from '@/components/layout/AntdProvider';

const Dark = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  width: 100%;
  color: ${colors.white};
  background: ${colors.stage};

  /* Headings (the lobby, "meeting not found") follow the page's light text. */
  h1 {
    color: inherit;
  }
`;

/** The meeting's own full-width dark page, with antd's dark algorithm for its controls. */
function MeetingLayout({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={{ algorithm: antdTheme.darkAlgorithm }}>
      <Dark>{children}</Dark>
    </ConfigProvider>
  );
}

/** For pages: `Page.getLayout = withMeetingLayout`. */
export const withMeetingLayout = withAntd((page: ReactElement) => <MeetingLayout>{page}</MeetingLayout>);
