import { theme } from '@/lib/constants';
import { colors } from '@/lib/palette';

/**
 * The design tokens the app's antd theme resolves to (client/theme.ts), for the
 * controls of pages that load without antd, so both kinds look the same.
 */
export const tokens = {
  primary: theme.primaryColor,
  primaryHover: colors.primaryHover,
  primaryActive: colors.primaryActive,
  /** Filled buttons (as in client/theme.ts): readable white labels. */
  primaryFill: colors.primaryFill,
  primaryFillActive: colors.primaryText,
  /** The focus ring of inputs and the shadow under primary buttons. */
  outline: 'rgba(72, 5, 255, 0.06)',
  text: 'rgba(0, 0, 0, 0.88)',
  textSecondary: colors.textSecondary,
  placeholder: 'rgba(0, 0, 0, 0.25)',
  border: colors.borderControl,
  split: 'rgba(5, 5, 5, 0.06)',
  error: colors.error,
  errorHover: colors.errorHover,
  errorRing: 'rgba(255, 38, 5, 0.06)',
  errorBg: colors.errorBg,
  errorBorder: colors.errorBorder,
  disabledBg: 'rgba(0, 0, 0, 0.04)',
  disabledText: 'rgba(0, 0, 0, 0.25)',
  fontFamily: theme.fontFamily,
  fontSize: theme.fontSize,
  /** Large controls (the forms' size). */
  fontSizeLG: 16,
  controlHeightLG: 40,
  radius: theme.borderRadius,
  radiusLG: 8,
  motion: '0.2s cubic-bezier(0.645, 0.045, 0.355, 1)',
} as const;
