/**
 * Every colour the web app paints with, named once. antd's theme (client/theme.ts), the
 * styled-components and the controls drawn without antd (components/ui/tokens.ts) all read
 * these names, so no other file spells a colour (a lint rule keeps it so).
 */
export const colors = {
  /** The brand colour (spec §9) and its states. */
  primary: '#796CFF',
  primaryHover: '#a094ff',
  primaryActive: '#5a4fd9',
  /** Hover of primary links drawn as buttons. */
  primaryLight: '#9a91ff',
  /** A softer brand colour for avatars without a colour of their own. */
  primarySoft: '#8c83ff',
  primaryBorder: '#c9c4ff',
  /** Brand-coloured text on white, dark enough to read. */
  primaryText: '#4b3fd6',
  /** Search hits: the brand colour at 18% alpha. */
  primaryHighlight: '#796cff2e',
  /** A marked word inside a highlighted passage: the highlight, stronger. */
  primaryMark: '#796cff5e',
  primaryBg: '#f6f4ff',
  primaryBgHover: '#f7f6ff',
  /** The two ends of the sign-in page's illustrated panel. */
  primaryTintStart: '#f4f2ff',
  primaryTintEnd: '#e6e2ff',

  white: '#fff',
  heading: '#16161d',
  /** Long reading text (notes, emails, detail values). */
  textStrong: '#26252f',
  text: '#3f3e4f',
  textSoft: '#5c5b70',
  textSecondary: '#6b6a80',
  textTertiary: '#8c8ba0',
  textQuaternary: '#b3b2c4',

  border: '#ececf3',
  borderStrong: '#e7e6f2',
  borderChoice: '#e4e3ee',
  /** antd's control border, for controls drawn without antd. */
  borderControl: '#d9d9d9',
  divider: '#f0eff6',
  /** The empty part of meters and bars. */
  track: '#efeef6',
  fill: '#f4f3fa',
  bgLayout: '#f7f7fb',
  bgOnboarding: '#f8f8fb',
  bgSubtle: '#fafafc',

  success: '#52C41A',
  warning: '#FAAD14',
  error: '#FF4D4F',
  errorText: '#cf1322',
  errorHover: '#ffa39e',
  errorBg: '#fff2f0',
  errorBorder: '#ffccc7',

  /** The dark meeting room, darkest first. */
  stage: '#101017',
  stageMedia: '#111019',
  stageTile: '#15151d',
  stageSurface: '#1f1f2b',
  stageBar: '#262634',
  stageTextSecondary: '#b7b5cc',
  stageText: '#d6d5e6',
} as const;

/** Distinct hues for things told apart by colour (hub colours, content kinds), readable under white. */
export const hues = {
  blue: '#1677FF',
  teal: '#13A8A8',
  cyan: '#08979C',
  jade: '#13A66B',
  green: '#389E0D',
  amber: '#D48806',
  ochre: '#D46B08',
  orange: '#D4380D',
  magenta: '#C41D7F',
  graphite: '#434343',
} as const;

/** The sign-in slides' illustrations: people, spaces and files drawn in bright and pastel colours. */
export const illustrationColors = {
  ink: '#2b2b38',
  amber: '#F59E0B',
  emerald: '#10B981',
  blue: '#3B82F6',
  pink: '#EC4899',
  sky: '#0EA5E9',
  rose: '#F43F5E',
  lilac: '#C4BDFF',
  mint: '#A5E3CF',
  sand: '#FBD38D',
  powder: '#BFDBFE',
} as const;

/** Google's logo, as its brand guidelines colour it. */
export const googleLogoColors = { yellow: '#FFC107', red: '#FF3D00', green: '#4CAF50', blue: '#1976D2' } as const;
