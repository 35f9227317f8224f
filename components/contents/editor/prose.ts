import { css } from 'styled-components';
import { colors } from '@/lib/palette';

/** How a note reads, the same while it is written and in the preview. */
export const noteProse = css`
  font-size: 15px;
  line-height: 1.7;
  color: ${colors.textStrong};
  overflow-wrap: anywhere;

  > :first-child {
    margin-top: 0;
  }

  > :last-child {
    margin-bottom: 0;
  }

  p {
    margin: 0 0 10px;
  }

  h1,
  h2,
  h3 {
    margin: 18px 0 8px;
    font-weight: 600;
    line-height: 1.3;
    color: ${colors.heading};
  }

  h1 {
    font-size: 24px;
  }

  h2 {
    font-size: 20px;
  }

  h3 {
    font-size: 17px;
  }

  ul,
  ol {
    margin: 0 0 10px;
    padding-left: 24px;
  }

  li > p {
    margin: 0;
  }

  ul[data-type='taskList'] {
    padding-left: 0;
    list-style: none;

    li {
      display: flex;
      align-items: flex-start;
      gap: 8px;
    }

    li > label {
      flex: none;
      margin-top: 2px;
    }

    li > div {
      flex: 1 1 auto;
      min-width: 0;
    }

    input[type='checkbox'] {
      width: 16px;
      height: 16px;
      accent-color: ${colors.primaryFill};
    }
  }

  a {
    color: ${colors.primaryText};
    text-decoration: underline;
  }

  code {
    padding: 1px 5px;
    border-radius: 4px;
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.9em;
    background: ${colors.fill};
  }

  pre {
    margin: 0 0 10px;
    padding: 12px 14px;
    overflow-x: auto;
    border-radius: 8px;
    background: ${colors.fill};
    white-space: pre;

    code {
      padding: 0;
      background: none;
    }
  }

  blockquote {
    margin: 0 0 10px;
    padding: 2px 0 2px 14px;
    border-left: 3px solid ${colors.primaryBorder};
    color: ${colors.text};
  }

  hr {
    margin: 16px 0;
    border: none;
    border-top: 1px solid ${colors.border};
  }
`;
