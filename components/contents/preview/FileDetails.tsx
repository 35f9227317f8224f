import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import styled from 'styled-components';
import { contentKindLabels, type ContentItem } from '@/lib/contract/contents';
import { colors } from '@/lib/palette';
import { fileHref } from '@/client/http/contents-api';
import { formatDateTime } from '@/components/common/format';
import { formatBytes } from '@/lib/format-bytes';
import { KindTile } from '../KindTile';
import { isPdf } from '../kinds';
import { DetailList } from './DetailList';

const Box = styled.section`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: 16px;
  padding: 18px 20px;
  border: 1px solid ${colors.border};
  border-radius: 14px;
  background: ${colors.white};

  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    margin-top: 14px;
  }
`;

/**
 * Where "Open in a new tab" goes. A file is served in a sandbox (nothing in it
 * may run), which leaves a PDF's tab nameless and bare: a PDF opens in the
 * app's own viewer instead, named after the file.
 */
function newTabHref(item: ContentItem): string {
  if (!isPdf(item)) return fileHref(item.urls.view ?? '');
  return `/spaces/${encodeURIComponent(item.space_id)}?${new URLSearchParams({ content: item.id }).toString()}`;
}

/** What is known about a file, with the ways to open it: inline when the browser can show it, else download. */
export function FileDetails({ item }: { item: ContentItem }) {
  return (
    <Box aria-label="File details">
      <KindTile item={item} size={56} />
      <div>
        <DetailList>
          <dt>Kind</dt>
          <dd>{contentKindLabels[item.kind]}</dd>
          <dt>Type</dt>
          <dd>{item.extension ? `.${item.extension}` : '—'}{item.mime_type ? ` (${item.mime_type})` : ''}</dd>
          <dt>Size</dt>
          <dd>{formatBytes(item.size_bytes)}</dd>
          <dt>Added</dt>
          <dd>
            {formatDateTime(item.created_at)}
            {item.created_by ? ` by ${item.created_by.name}` : ''}
          </dd>
        </DetailList>
        <div className="actions">
          {item.urls.view && (
            <Button href={newTabHref(item)} target="_blank" rel="noopener noreferrer" icon={<ExportOutlined />}>
              Open in a new tab
            </Button>
          )}
          {item.urls.download && (
            <Button type="primary" href={fileHref(item.urls.download)} download={item.name} icon={<DownloadOutlined />}>
              Download
            </Button>
          )}
        </div>
      </div>
    </Box>
  );
}
