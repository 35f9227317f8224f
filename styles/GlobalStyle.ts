import { createGlobalStyle } from 'styled-components';
import { theme } from '@/lib/constants';
import { colors } from '@/lib/palette';

/** Page basics, links, and the route-change progress bar (nprogress), in the primary colour. */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after {
    box-sizing: border-box;
  }

  html, body {
    margin: 0;
    padding: 0;
    font-family: ${theme.fontFamily};
    font-size: ${theme.fontSize}px;
    -webkit-font-smoothing: antialiased;
    -moz-osx-font-smoothing: grayscale;
  }

  body {
    min-height: 100vh;
    background: ${colors.bgLayout};
    color: ${colors.heading};
    line-height: 1.5715;
  }

  /* Links as antd draws them (client/theme.ts colorLink), also on the pages that load without antd. */
  a {
    color: ${colors.primaryText};
    text-decoration: none;
    background-color: transparent;
    cursor: pointer;
    transition: color 0.3s;
  }

  a:hover {
    color: ${colors.primaryActive};
  }

  /* A link inside a sentence is underlined too: its colour alone is too close to the text around it (WCAG 1.4.1). */
  :is(p, .ant-alert-title, .ant-alert-description) a:not(.ant-btn) {
    text-decoration: underline;
    text-underline-offset: 2px;
  }

  /*
   * One focus ring for every control reached with the keyboard, in the brand
   * colour. It wins over antd's lighter rings (hence !important); text boxes
   * keep antd's own focus, which already shows in the brand colour.
   */
  :is(a, button, summary, [role='button'], [role='tab'], [role='switch'], [role='menuitem'], [role='option'], [tabindex]:not([tabindex='-1'])):focus-visible {
    outline: 2px solid ${theme.primaryColor} !important;
    outline-offset: 2px;
  }

  /*
   * Tabs that do not fit scroll sideways (touch, wheel, arrow keys) instead of
   * gathering in antd's "more" menu: that menu's button sits inside the tab
   * list, where only tabs belong, and screen readers lose the list's shape.
   */
  .ant-tabs-nav-operations {
    display: none !important;
  }

  #nprogress {
    pointer-events: none;
  }

  #nprogress .bar {
    position: fixed;
    top: 0;
    left: 0;
    z-index: 2000;
    width: 100%;
    height: 3px;
    background: ${theme.primaryColor};
  }

  #nprogress .peg {
    position: absolute;
    right: 0;
    display: block;
    width: 100px;
    height: 100%;
    box-shadow: 0 0 10px ${theme.primaryColor}, 0 0 5px ${theme.primaryColor};
    opacity: 1;
    transform: rotate(3deg) translate(0, -4px);
  }

  @media (prefers-reduced-motion: reduce) {
    #nprogress .bar {
      transition: none !important;
    }
  }
`;
