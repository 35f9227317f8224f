import { useState } from 'react';
import {
  DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, FormOutlined, MoreOutlined, TableOutlined,
} from '@ant-design/icons';
import { App, Button, Dropdown, Image, Tooltip, type MenuProps } from 'antd';
import styled from 'styled-components';
import { breakpoints, theme } from '@/lib/constants';
import type { ContentItem } from '@/lib/contract/contents';
import { colors } from '@/lib/palette';
import { errorMessage } from '@/client/http/clients';
import { fileHref } from '@/client/http/contents-api';
import { formatDateTime, formatWhen } from '@/components/common/format';
import { formatBytes } from '@/lib/format-bytes';
import { ContentStatusBadge } from './ContentStatusBadge';
import { KindTile } from './KindTile';
import { MetaLine } from './MetaLine';
import { canBecomeRecordTable, hasFile, sourceLabel } from './kinds';

const Row = styled.div<{ $busy: boolean }>`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  align-items: center;
  gap: 4px 14px;
  padding: 12px 10px;
  margin: 0 -10px;
  border-radius: 10px;
  opacity: ${({ $busy }) => ($busy ? 0.55 : 1)};
  transition: background 0.15s;

  &:hover,
  &:focus-within {
    background: ${colors.primaryBgHover};
  }

  .name {
    display: block;
    max-width: 100%;
    padding: 0;
    overflow: hidden;
    border: 0;
    font: inherit;
    font-weight: 600;
    color: ${colors.heading};
    text-align: left;
    text-overflow: ellipsis;
    white-space: nowrap;
    background: none;
    cursor: pointer;
  }

  .name:hover,
  .name:focus-visible {
    color: ${theme.primaryColor};
  }

  .reason {
    margin: 4px 0 0;
    font-size: 13px;
    line-height: 1.45;
    color: ${colors.errorText};
    overflow-wrap: anywhere;
  }

  .side {
    grid-column: 2;
    display: flex;
    align-items: center;
    gap: 6px;
  }

  .problem {
    grid-column: 2 / -1;
    margin: 4px 0 0;
    font-size: 13px;
    color: ${colors.errorText};
  }

  @media (min-width: ${breakpoints.sm}px) {
    grid-template-columns: auto minmax(0, 1fr) auto;

    .side {
      grid-column: auto;
    }
  }
`;

// A picture in the Images gallery: its thumbnail large, its name and actions below.
const TileCard = styled.div<{ $busy: boolean }>`
  display: grid;
  grid-template-rows: auto auto;
  min-width: 0;
  overflow: hidden;
  border: 1px solid ${colors.border};
  border-radius: 12px;
  background: ${colors.white};
  opacity: ${({ $busy }) => ($busy ? 0.55 : 1)};

  .picture {
    display: grid;
    place-items: center;
    aspect-ratio: 4 / 3;
    padding: 0;
    overflow: hidden;
    border: 0;
    background: ${colors.fill};
    cursor: pointer;
  }

  .picture .ant-image,
  .picture img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    transition: transform 0.2s;
  }

  .picture:hover img,
  .picture:focus-visible img {
    transform: scale(1.04);
  }

  .foot {
    display: flex;
    align-items: center;
    gap: 4px;
    padding: 6px 6px 6px 10px;
  }

  .name {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    font-size: 13px;
    font-weight: 500;
    color: ${colors.heading};
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  .problem,
  .reason {
    margin: 0;
    padding: 0 10px 8px;
    font-size: 12px;
    color: ${colors.errorText};
  }
`;

/** What a row can do; it offers rename, note editing and delete only as its item's abilities allow. */
export interface ContentRowActions {
  open(item: ContentItem): void;
  rename(item: ContentItem): void;
  editNote(item: ContentItem): void;
  /** Resolves once the item is deleted; a rejection is shown on the row. */
  remove(item: ContentItem): Promise<void>;
  /** Offered on uploaded tables and contact files to those who may add content. */
  turnIntoTable?(item: ContentItem): void;
}

/**
 * One item of a space: what it is, its processing status, who added it when,
 * and what can be done with it; as a tile, a picture of the Images gallery.
 */
export function ContentRow({ item, actions, layout = 'row' }: { item: ContentItem; actions: ContentRowActions; layout?: 'row' | 'tile' }) {
  const { modal } = App.useApp();
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const confirmDelete = () =>
    modal.confirm({
      title: `Delete ${item.name}?`,
      content: 'It is removed from the space with everything read from it. This cannot be undone.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        setDeleting(true);
        setProblem(null);
        try {
          await actions.remove(item);
        } catch (e) {
          setProblem(`We could not delete ${item.name}. ${errorMessage(e)}`);
          setDeleting(false);
        }
      },
    });

  const menu: MenuProps['items'] = [
    item.abilities.edit && item.source === 'note' && { key: 'edit', icon: <FormOutlined />, label: 'Edit note', onClick: () => actions.editNote(item) },
    actions.turnIntoTable && canBecomeRecordTable(item) && {
      key: 'table', icon: <TableOutlined />, label: 'Turn into record table', onClick: () => actions.turnIntoTable?.(item),
    },
    item.abilities.rename && { key: 'rename', icon: <EditOutlined />, label: 'Rename', onClick: () => actions.rename(item) },
    item.urls.download && {
      key: 'download',
      icon: <DownloadOutlined />,
      label: (
        <a href={fileHref(item.urls.download)} download={item.name}>
          Download
        </a>
      ),
    },
    item.abilities.delete && { type: 'divider' as const },
    item.abilities.delete && { key: 'delete', icon: <DeleteOutlined />, label: 'Delete', danger: true, onClick: confirmDelete },
  ].filter((entry) => Boolean(entry)) as MenuProps['items'];

  const more = menu && menu.length > 0 && (
    <Dropdown menu={{ items: menu }} trigger={['click']} placement="bottomRight">
      <Button type="text" icon={<MoreOutlined />} aria-label={`More actions for ${item.name}`} loading={deleting} disabled={deleting} />
    </Dropdown>
  );
  const problemLine = problem && (
    <p className="problem" role="alert">
      {problem}
    </p>
  );

  if (layout === 'tile') {
    return (
      <TileCard role="listitem" aria-label={item.name} aria-busy={deleting} $busy={deleting}>
        <button type="button" className="picture" onClick={() => actions.open(item)} aria-label={`Preview ${item.name}`}>
          {item.urls.thumbnail ? <Image src={fileHref(item.urls.thumbnail)} alt="" preview={false} loading="lazy" /> : <KindTile item={item} size={56} />}
        </button>
        <div className="foot">
          <span className="name" title={item.name}>
            {item.name}
          </span>
          {item.status !== 'ready' && <ContentStatusBadge status={item.status} />}
          {more}
        </div>
        {item.status === 'failed' && item.failure_reason && <p className="reason">{item.failure_reason}</p>}
        {problemLine}
      </TileCard>
    );
  }

  return (
    <Row role="listitem" aria-label={item.name} aria-busy={deleting} $busy={deleting}>
      <KindTile item={item} />
      <div style={{ minWidth: 0 }}>
        <button type="button" className="name" onClick={() => actions.open(item)} title={item.name}>
          {item.name}
        </button>
        <MetaLine>
          <span>{sourceLabel(item)}</span>
          {hasFile(item) && <span>{formatBytes(item.size_bytes)}</span>}
          {item.source === 'records' && <span>{item.details.row_count === 1 ? '1 record' : `${item.details.row_count ?? 0} records`}</span>}
          {item.created_by && <span>{item.created_by.name}</span>}
          <span>
            <time dateTime={item.created_at} title={formatDateTime(item.created_at)}>
              {formatWhen(item.created_at)}
            </time>
          </span>
        </MetaLine>
        {item.status === 'failed' && item.failure_reason && <p className="reason">{item.failure_reason}</p>}
      </div>
      <div className="side">
        <ContentStatusBadge status={item.status} />
        <Tooltip title="Preview">
          <Button type="text" icon={<EyeOutlined />} aria-label={`Preview ${item.name}`} onClick={() => actions.open(item)} />
        </Tooltip>
        {more}
      </div>
      {problemLine}
    </Row>
  );
}
