import { useEffect, useRef, useState } from 'react';
import { DownloadOutlined, ExpandOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Alert, Button, Tooltip } from 'antd';
import styled from 'styled-components';
import { theme } from '@/lib/constants';
import type { ContentItem } from '@/lib/contract/contents';
import { colors } from '@/lib/palette';
import { contentsApi, fileHref } from '@/client/http/contents-api';
import { formatBytes } from '@/lib/format-bytes';
import { LoadFailure } from '@/components/common/LoadFailure';
import { LoadMore } from '@/components/ui/LoadMore';
import { usePagedList } from '@/components/ui/usePagedList';
import { KindTile } from '../KindTile';

const Stage = styled.figure`
  margin: 0;

  .frame {
    display: grid;
    /* safe: a picture zoomed past the frame still scrolls to its top left. */
    place-items: safe center;
    min-height: 280px;
    max-height: 70vh;
    overflow: auto;
    border-radius: 12px;
    background: repeating-conic-gradient(${colors.fill} 0% 25%, ${colors.white} 0% 50%) 50% / 20px 20px;
  }

  .frame img {
    display: block;
    max-width: 100%;
    max-height: 60vh;
    object-fit: contain;
    cursor: zoom-in;
  }

  .frame img.zoomed {
    max-width: none;
    max-height: none;
    cursor: zoom-out;
  }

  .zoom {
    display: flex;
    align-items: center;
    justify-content: flex-end;
    gap: 2px;
    margin-bottom: 6px;
    font-size: 13px;
    font-variant-numeric: tabular-nums;
    color: ${colors.textSecondary};
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

/** Zoom steps over the picture as it fits the frame (1). */
const ZOOMS = [1, 1.5, 2, 3, 4] as const;

/**
 * A picture that fits the frame and zooms: a click goes to 200% and back,
 * the buttons step in and out, and a pinch (or Ctrl with the wheel) zooms.
 */
function ZoomableImage({ src, alt }: { src: string; alt: string }) {
  const [zoom, setZoom] = useState<number>(1);
  // The fitted width, measured before zooming: zoom steps grow from what was on screen.
  const [fitted, setFitted] = useState(0);
  const image = useRef<HTMLImageElement>(null);
  const frame = useRef<HTMLDivElement>(null);

  const zoomTo = (next: number) => {
    if (zoom === 1 && image.current) setFitted(image.current.clientWidth);
    setZoom(next);
  };
  const zoomIn = ZOOMS.find((z) => z > zoom);
  const zoomOut = [...ZOOMS].reverse().find((z) => z < zoom);

  // A trackpad pinch arrives as a wheel event with Ctrl held; the page itself must not zoom.
  const step = useRef({ zoomIn, zoomOut, zoomTo });
  useEffect(() => {
    step.current = { zoomIn, zoomOut, zoomTo };
  });
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      const to = event.deltaY < 0 ? step.current.zoomIn : step.current.zoomOut;
      if (to) step.current.zoomTo(to);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  return (
    <>
      <div className="zoom" role="toolbar" aria-label="Zoom">
        <Tooltip title="Zoom out">
          <Button type="text" size="small" icon={<ZoomOutOutlined />} aria-label="Zoom out" disabled={!zoomOut} onClick={() => zoomOut && zoomTo(zoomOut)} />
        </Tooltip>
        <span aria-live="polite">{zoom === 1 ? 'Fit' : `${Math.round(zoom * 100)}%`}</span>
        <Tooltip title="Zoom in">
          <Button type="text" size="small" icon={<ZoomInOutlined />} aria-label="Zoom in" disabled={!zoomIn} onClick={() => zoomIn && zoomTo(zoomIn)} />
        </Tooltip>
        <Tooltip title="Fit">
          <Button type="text" size="small" icon={<ExpandOutlined />} aria-label="Fit" disabled={zoom === 1} onClick={() => setZoom(1)} />
        </Tooltip>
      </div>
      <div className="frame" ref={frame}>
        {/* eslint-disable-next-line @next/next/no-img-element -- a signed file address, not an optimisable asset */}
        <img
          ref={image}
          src={src}
          alt={alt}
          className={zoom > 1 ? 'zoomed' : undefined}
          style={zoom > 1 && fitted > 0 ? { width: fitted * zoom } : undefined}
          onClick={() => zoomTo(zoom === 1 ? 2 : 1)}
        />
      </div>
    </>
  );
}

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
        {selected.urls.view ? (
          <ZoomableImage key={selected.id} src={fileHref(selected.urls.view)} alt={selected.name} />
        ) : (
          <div className="frame">
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
          </div>
        )}
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
