import Link from 'next/link';
import { AppstoreOutlined, UserOutlined } from '@ant-design/icons';
import styled from 'styled-components';
import { theme } from '@/lib/constants';
import { colors } from '@/lib/palette';
import { MEMBERS_ADDRESS, spaceAddress, useSpacesAndPeople } from './useSpacesAndPeople';

const Found = styled.section`
  display: grid;
  gap: 6px;
  margin-bottom: 16px;

  h2 {
    margin: 0;
    font-size: 13px;
    font-weight: 600;
    color: ${colors.textSecondary};
  }

  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    margin: 0;
    padding: 0;
    list-style: none;
  }

  a {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    max-width: 320px;
    padding: 4px 12px;
    overflow: hidden;
    border: 1px solid ${colors.border};
    border-radius: 999px;
    font-size: 14px;
    color: ${colors.heading};
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  a:hover,
  a:focus-visible {
    border-color: ${theme.primaryColor};
    color: ${theme.primaryColor};
  }

  .anticon {
    color: ${theme.primaryColor};
  }
`;

/** Above the search page's results: the spaces and people whose names start a word with what is searched for. */
export function SpacesAndPeopleFound({ q, scope }: { q: string; scope: string | undefined }) {
  const answer = useSpacesAndPeople(q, scope);
  if (answer?.q !== q) return null;
  const { spaces, people } = answer.found;
  return (
    <>
      {spaces.length > 0 && (
        <Found aria-labelledby="found-spaces">
          <h2 id="found-spaces">Spaces</h2>
          <ul>
            {spaces.map((space) => (
              <li key={space.id}>
                <Link href={spaceAddress(space.id)} title={space.description ?? undefined}>
                  <AppstoreOutlined aria-hidden />
                  {space.name}
                </Link>
              </li>
            ))}
          </ul>
        </Found>
      )}
      {people.length > 0 && (
        <Found aria-labelledby="found-people">
          <h2 id="found-people">People</h2>
          <ul>
            {people.map((person) => (
              <li key={person.user_id}>
                <Link href={MEMBERS_ADDRESS} title={person.email}>
                  <UserOutlined aria-hidden />
                  {person.name}
                </Link>
              </li>
            ))}
          </ul>
        </Found>
      )}
    </>
  );
}
