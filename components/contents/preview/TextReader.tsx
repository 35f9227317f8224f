import { Pagination, Skeleton } from 'antd';
import styled from 'styled-components';
import { TEXT_PAGE_CHARACTERS, type ContentItem } from '@/lib/contract/contents';
import { colors } from '@/lib/palette';
import { contentsApi } from '@/client/http/contents-api';
import type { PreviewFocus } from './focus';
import { PassageText } from './PassageText';
import { PreviewProblem } from './PreviewProblem';
import { usePagedView } from './usePagedView';

const Page = styled.article<{ $loading: boolean }>`
  margin: 0;
  padding: 20px 22px;
  border: 1px solid ${colors.border};
  border-radius: 12px;
  font-size: 15px;
  line-height: 1.7;
  color: ${colors.textStrong};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  background: ${colors.white};
  opacity: ${({ $loading }) => ($loading ? 0.5 : 1)};
  transition: opacity 0.2s;
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin: 0 0 12px;
  font-size: 13px;
  color: ${colors.textSecondary};
`;

/**
 * The text read from a document, email or note, one page (TEXT_PAGE_CHARACTERS)
 * at a time; with a `focus`, it opens on the page that holds the passage.
 */
export function TextReader({ item, focus = null }: { item: ContentItem; focus?: PreviewFocus | null }) {
  const view = usePagedView(
    async (page) => (await contentsApi.text(item.space_id, item.id, page)).data,
    focus ? Math.floor(focus.start / TEXT_PAGE_CHARACTERS) + 1 : 1,
  );
  const text = view.value;
  return (
    <>
      {view.problem && <PreviewProblem what="this page" message={view.problem} retry={view.retry} />}
      {text === null ? (
        !view.problem && <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <Bar>
            <span>{text.characters.toLocaleString('en-US')} characters</span>
            {text.page_count > 1 && (
              <Pagination simple current={view.page} total={text.page_count} pageSize={1} onChange={view.setPage} aria-label="Text pages" />
            )}
          </Bar>
          <Page aria-label={`Text of ${item.name}, page ${text.page}`} aria-busy={view.load.state === 'loading'} $loading={view.load.state === 'loading'}>
            {!text.text.trim() ? (
              'This item has no text.'
            ) : focus ? (
              <PassageText text={text.text} offset={(text.page - 1) * TEXT_PAGE_CHARACTERS} focus={focus} />
            ) : (
              text.text
            )}
          </Page>
        </>
      )}
    </>
  );
}
