import type { ConfigProviderProps, ThemeConfig } from 'antd';
import { breakpoints, layout, theme } from '../lib/constants';
import { colors } from '../lib/palette';

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
    // Links are text: the brand colour itself is too light for small text on white (3.9:1).
    colorLink: colors.primaryText,
    colorLinkHover: colors.primaryActive,
    // antd's greys for descriptions, counts and placeholders fall below 4.5:1 on white.
    colorTextTertiary: colors.textTertiary,
    colorTextDescription: colors.textSecondary,
    colorTextPlaceholder: colors.textTertiary,
    // Info alerts and progress take the brand colour, not antd's default blue.
    colorInfo: theme.primaryColor,
    colorSuccess: colors.success,
    colorWarning: colors.warning,
    colorError: colors.error,
    fontFamily: theme.fontFamily,
    fontSize: theme.fontSize,
    borderRadius: theme.borderRadius,
    controlHeight: theme.controlHeight,
    ...screens,
  },
  components: {
    Layout: {
      headerHeight: layout.headerHeight,
      headerBg: colors.white,
      headerPadding: '0 24px',
      siderBg: colors.white,
      bodyBg: colors.bgLayout,
    },
    // The chosen tab's label in the darker brand text colour: the brand colour itself is too light for small text on white.
    Tabs: { itemSelectedColor: colors.primaryText },
    // Filled buttons a shade deeper than the brand colour so their white labels read (4.5:1); hover darkens rather than lightens.
    Button: { colorPrimary: colors.primaryFill, colorPrimaryHover: colors.primaryActive, colorPrimaryActive: colors.primaryText,
      // Danger buttons likewise: antd's red is 3.3:1 as text on white, the deeper red reads, and hover darkens it further.
      colorError: colors.errorText, colorErrorHover: colors.errorActive, colorErrorActive: colors.errorActive },
    // antd's 24px is exactly an error line's height, so an error touched the next field's label; 28 leaves a gap with no jump when one shows.
    // Error text under a field in the deeper red: antd's #ff4d4f is 3.3:1 on white.
    Form: { itemMarginBottom: 28, colorError: colors.errorText },
  },
};

/** Every dialog's title stands clear of its first field: antd leaves 8px, and its token for that is internal. */
export const antdModal = { styles: { header: { marginBottom: 20 } } } satisfies ConfigProviderProps['modal'];

/** The same constants for styled-components (`props.theme`). */
export const styledTheme = { ...theme, layout, breakpoints } as const;
export type StyledTheme = typeof styledTheme;
