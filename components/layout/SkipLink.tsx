import styled from 'styled-components';
import { theme } from '@/lib/constants';
import { colors } from '@/lib/palette';

const Link = styled.a`
  position: fixed;
  top: 8px;
  left: 8px;
  z-index: 1100;
  padding: 10px 16px;
  border-radius: 8px;
  background: ${colors.white};
  box-shadow: 0 4px 16px rgba(22, 22, 29, 0.16);
  font-weight: 600;
  color: ${colors.primaryText};
  transform: translateY(-200%);

  &:focus {
    outline: 2px solid ${theme.primaryColor};
    outline-offset: 2px;
    transform: none;
  }
`;

/** The first stop of the Tab key: past the header and side bar, straight to the page (`<main id="main">`). */
export function SkipLink() {
  return (
    <Link
      href="#main"
      onClick={(e) => {
        // Moves the focus too, so the next Tab continues inside the page.
        e.preventDefault();
        document.getElementById('main')?.focus();
      }}
    >
      Skip to content
    </Link>
  );
}
