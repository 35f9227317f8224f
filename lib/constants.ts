import { colors } from './palette';

/** Business constants fixed by the product specification (§9). */
export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_CURRENCY = 'INR';
export const DEFAULT_LOCALE = 'en-US';
export const APP_TYPE = 'social';

export const theme = {
  primaryColor: colors.primary,
  fontFamily: "'Be Vietnam Pro', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, sans-serif",
  fontSize: 14,
  borderRadius: 6,
  controlHeight: 32,
} as const;

export const layout = {
  headerHeight: 84,
  sidebarWidth: 270,
  sidebarCollapsedWidth: 100,
  mainContentWidth: 760,
} as const;

export const breakpoints = { xs: 480, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1600 } as const;

export const authSlider = { activeDotWidth: 40, inactiveDotWidth: 8, dotsBottom: 30 } as const;

export const statusColors = {
  // Info takes the brand colour, as in antd's theme (client/theme.ts), not antd's default blue.
  info: colors.primary,
  success: colors.success,
  warning: colors.warning,
  error: colors.error,
} as const;
export type BadgeStatus = keyof typeof statusColors;
/** Badge background is the status colour with the hex alpha suffix 22. */
export const badgeBackground = (status: BadgeStatus): string => `${statusColors[status]}22`;

export const video = {
  tileMinColumnWidth: 440,
  joinBoxWidth: 500,
  controlBarWidth: 500,
  controlBarMaxWidth: '60vw',
  videosAreaHeight: '85vh',
} as const;

export const FINGERPRINT_FAILED_MESSAGE = 'Failed to generate the finger print of this browser';

/** Onboarding codes and tokens. */
export const VERIFICATION_CODE_TTL_MS = 10 * 60 * 1000;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failed passwords for one address (from anywhere) after which signing in to it also needs a code from its mailbox. */
export const LOGIN_FAILURE_LIMIT = 10;
/** The longest one client is made to wait between failed sign-ins once it has failed too often. */
export const LOGIN_CLIENT_MAX_DELAY_MS = 60 * 1000;
