import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import styled from 'styled-components';
import { breakpoints } from '@/lib/constants';
import { colors } from '@/lib/palette';
import { FormHeading } from '@/components/common/FormHeading';
import { Wordmark } from '@/components/common/Wordmark';

// The carousel is decoration, hidden below 992px: its code loads after the
// page's, over a backdrop that is part of the first paint.
const AuthSlider = lazy(() => import('./AuthSlider').then((m) => ({ default: m.AuthSlider })));

const Shell = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  min-height: 100vh;
  background: ${colors.white};

  @media (min-width: ${breakpoints.lg}px) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }

  @media (min-width: ${breakpoints.xl}px) {
    grid-template-columns: minmax(0, 5fr) minmax(0, 6fr);
  }
`;

const FormColumn = styled.div`
  display: flex;
  flex-direction: column;
  padding: 24px 20px;

  @media (min-width: ${breakpoints.sm}px) {
    padding: 32px 40px;
  }

  @media (min-width: ${breakpoints.xl}px) {
    padding: 40px 64px;
  }
`;

const Main = styled.main`
  flex: 1;
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: 40px 0 32px;

  @media (min-width: ${breakpoints.md}px) {
    align-items: center;
  }
`;

const Card = styled.div`
  width: 100%;
  max-width: 400px;
`;

const Footer = styled.footer`
  font-size: 13px;
  color: ${colors.textTertiary};
`;

const SliderColumn = styled.aside`
  display: none;
  padding: 16px 16px 16px 0;

  @media (min-width: ${breakpoints.lg}px) {
    display: block;
  }
`;

const Backdrop = styled.div`
  height: 100%;
  min-height: 560px;
  overflow: hidden;
  border-radius: 24px;
  background:
    radial-gradient(circle at 20% 15%, rgba(255, 255, 255, 0.9), transparent 45%),
    radial-gradient(circle at 85% 80%, rgba(121, 108, 255, 0.28), transparent 50%),
    linear-gradient(160deg, ${colors.primaryTintStart} 0%, ${colors.primaryTintEnd} 100%);
`;

/** The title and subtitle at the top of an auth card. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return <FormHeading title={title} subtitle={subtitle} />;
}

/** The auth screens: the form card on the left, the product slider on the right (≥992px). */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Shell>
      <FormColumn>
        <Wordmark href="/sign-in" />
        <Main>
          <Card>{children}</Card>
        </Main>
        <Footer>© {new Date().getFullYear()} Convene</Footer>
      </FormColumn>
      <SliderColumn>
        <Backdrop>
          <Suspense fallback={null}>
            <AuthSlider />
          </Suspense>
        </Backdrop>
      </SliderColumn>
    </Shell>
  );
}

/** `getLayout` for the auth pages. */
export const withAuthLayout = (page: ReactElement) => <AuthLayout>{page}</AuthLayout>;
