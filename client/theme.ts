import type { ThemeConfig } from 'antd';
import { breakpoints, layout, theme } from '../lib/constants';

/**
 * antd derives each breakpoint's Min/Max from hard-coded numbers, so all of
 * them are set from the spec's breakpoints to keep Grid, Layout.Sider and
 * useBreakpoint in step with our own media queries.
 */
const screens = {
  screenXS: breakpoints.xs,
  screenXSMin: breakpoints.xs,
  screenXSMax: breakpoints.sm - 1,
  screenSM: breakpoints.sm,
  screenSMMin: breakpoints.sm,
  screenSMMax: breakpoints.md - 1,
  screenMD: breakpoints.md,
  screenMDMin: breakpoints.md,
  screenMDMax: breakpoints.lg - 1,
  screenLG: breakpoints.lg,
  screenLGMin: breakpoints.lg,
  screenLGMax: breakpoints.xl - 1,
  screenXL: breakpoints.xl,
  screenXLMin: breakpoints.xl,
  screenXLMax: breakpoints.xxl - 1,
  screenXXL: breakpoints.xxl,
  screenXXLMin: breakpoints.xxl,
};

export const antdTheme: ThemeConfig = {
  token: {
    colorPrimary: theme.primaryColor,
    colorLink: theme.primaryColor,
    // Info alerts and progress take the brand colour, not antd's default blue.
    colorInfo: theme.primaryColor,
    fontFamily: theme.fontFamily,
    fontSize: theme.fontSize,
    borderRadius: theme.borderRadius,
    controlHeight: theme.controlHeight,
    ...screens,
  },
  components: {
    Layout: {
      headerHeight: layout.headerHeight,
      headerBg: '#ffffff',
      headerPadding: '0 24px',
      siderBg: '#ffffff',
      bodyBg: '#f7f7fb',
    },
  },
};

/** The same constants for styled-components (`props.theme`). */
export const styledTheme = { ...theme, layout, breakpoints } as const;
export type StyledTheme = typeof styledTheme;
