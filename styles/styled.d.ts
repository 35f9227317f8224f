import 'styled-components';
import type { StyledTheme } from '@/lib/theme';

declare module 'styled-components' {
  // Types `props.theme` in styled components; declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends StyledTheme {}
}
