import type { ReactElement, ReactNode } from 'react';
import styled from 'styled-components';

const Centre = styled.main`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  min-height: 100vh;
  padding: 32px 16px;

  > * {
    max-width: 100%;
  }
`;

/** The layout of pages that define none: their content centred on the page. */
function DefaultLayout({ children }: { children: ReactNode }) {
  return <Centre>{children}</Centre>;
}

/** `getLayout` of pages that define none. */
export const withDefaultLayout = (page: ReactElement) => <DefaultLayout>{page}</DefaultLayout>;
