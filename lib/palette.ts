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
  /** Filled buttons: the brand colour a shade deeper, so their white labels read at 4.5:1. */
  primaryFill: '#6b5cf5',
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
  /** The lightest text still readable on the page backgrounds (4.5:1 on #fafafc). */
  textTertiary: '#727187',
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
  /** Hover and press of danger buttons: darker than errorText, so their labels keep reading. */
  errorActive: '#a8071a',
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

const channel = (value: number): number => {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** The red, green and blue of a #rrggbb colour, 0–255. */
const rgbOf = (hex: string): [number, number, number] => [
  parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16),
];

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/**
 * The colour, darkened only as far as needed for white to reach `ratio`
 * against it (WCAG contrast). Anything not #rrggbb is returned as is.
 */
export function deepened(colour: string, ratio: number): string {
  if (!/^#[0-9a-f]{6}$/i.test(colour)) return colour;
  let rgb = rgbOf(colour);
  const hex = () => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
  while (1.05 / (luminance(hex()) + 0.05) < ratio) rgb = [rgb[0] * 0.95, rgb[1] * 0.95, rgb[2] * 0.95];
  return hex();
}

/**
 * Hub and profile colours are chosen freely, yet the initials drawn on them
 * must stay legible: the colour, deepened until white on it reads at 4.5:1 (WCAG AA).
 */
export const readableUnderWhite = (colour: string): string => deepened(colour, 4.5);

/** Text in a status colour on that colour's pale tint (badges): deep enough to read at 4.5:1 on the tint. */
export const readableOnTint = (colour: string): string => deepened(colour, 5.5);
