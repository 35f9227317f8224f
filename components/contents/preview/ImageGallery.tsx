import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Image } from 'antd';
import styled from 'styled-components';
import { theme } from '@/lib/constants';
import type { ContentItem } from '@/lib/contract/contents';
import { colors } from '@/lib/palette';
import { contentsApi, fileHref } from '@/client/http/contents-api';
import { formatBytes } from '@/components/common/format';
import { LoadFailure } from '@/components/common/LoadFailure';
import { LoadMore } from '@/components/ui/LoadMore';
import { usePagedList } from '@/components/ui/usePagedList';
import { KindTile } from '../KindTile';

const Stage = styled.figure`
  margin: 0;

  .frame {
    display: grid;
    place-items: center;
    min-height: 280px;
    overflow: hidden;
    border-radius: 12px;
    background: repeating-conic-gradient(${colors.fill} 0% 25%, ${colors.white} 0% 50%) 50% / 20px 20px;
  }

  .frame img {
    max-height: 60vh;
    object-fit: contain;
  }

  figcaption {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    margin-top: 10px;
    font-size: 13px;
    color: ${colors.textSecondary};
  }

  figcaption strong {
    color: ${colors.heading};
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const Strip = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, 76px);
  gap: 8px;
  margin-top: 20px;

  button {
    display: block;
    aspect-ratio: 1;
    padding: 0;
    overflow: hidden;
    border: 2px solid transparent;
    border-radius: 10px;
    background: ${colors.fill};
    cursor: pointer;
  }

  button[aria-pressed='true'] {
    border-color: ${theme.primaryColor};
  }

  button > span {
    width: 100%;
    height: 100%;
  }
`;

const keyOf = (item: ContentItem) => item.id;

/** The space's ready images: a large view of one (zoomable) and thumbnails of the others to move between them. */
export function ImageGallery({ item }: { item: ContentItem }) {
  const [selectedId, setSelectedId] = useState(item.id);
  const list = usePagedList<ContentItem>({
    query: item.space_id,
    fetchPage: (page) => contentsApi.list(item.space_id, page, { kind: 'image', status: 'ready' }),
    keyOf,
  });
  const selected = list.items.find((i) => i.id === selectedId) ?? item;
  const { width, height } = selected.details;
  return (
    <>
      <Stage>
        <div className="frame">
          {selected.urls.view ? (
            <Image src={fileHref(selected.urls.view)} alt={selected.name} />
          ) : (
            <Alert
              type="info"
              showIcon
              title="No preview for this format"
              description="Download the file to open it in an app that reads it."
              action={
                selected.urls.download && (
                  <Button href={fileHref(selected.urls.download)} download={selected.name} icon={<DownloadOutlined />}>
                    Download
                  </Button>
                )
              }
            />
          )}
        </div>
        <figcaption>
          <strong>{selected.name}</strong>
          {width !== undefined && height !== undefined && (
            <span>
              {width} × {height}
            </span>
          )}
          <span>{formatBytes(selected.size_bytes)}</span>
        </figcaption>
      </Stage>
      {list.state === 'failed' && (
        <LoadFailure message="We could not load the other images." error={list.error} onRetry={list.reload} style={{ marginTop: 16 }} />
      )}
      {list.items.length > 1 && (
        <Strip role="group" aria-label="Images in this space">
          {list.items.map((image) => (
            <button key={image.id} type="button" aria-label={`Show ${image.name}`} aria-pressed={image.id === selected.id} onClick={() => setSelectedId(image.id)}>
              <KindTile item={image} size={72} />
            </button>
          ))}
        </Strip>
      )}
      <LoadMore list={list} />
    </>
  );
}
