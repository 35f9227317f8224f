import { useCallback, useEffect, useRef, useState } from 'react';
import { ColumnWidthOutlined, LeftOutlined, RightOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Button, Skeleton, Tooltip } from 'antd';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import styled from 'styled-components';
import { colors } from '@/lib/palette';
import { loadPdf } from './pdf-document';
import { PreviewProblem } from './PreviewProblem';

/** Zoom steps the buttons move through (1 = the page's own size). */
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const GAP = 12;
/** Room above a page moved to: the sticky toolbar's height and a gap. */
const BAR_ROOM = 60;

const Bar = styled.div`
  position: sticky;
  top: 0;
  z-index: 1;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding: 6px 8px;
  margin-bottom: ${GAP}px;
  border: 1px solid ${colors.border};
  border-radius: 10px;
  background: ${colors.white};

  .count,
  .zoom {
    min-width: 56px;
    font-size: 13px;
    font-variant-numeric: tabular-nums;
    text-align: center;
    color: ${colors.textSecondary};
  }

  .tools {
    display: flex;
    align-items: center;
    gap: 2px;
  }
`;

const Pages = styled.div`
  display: grid;
  /* safe: a page zoomed wider than the drawer still scrolls to its left edge. */
  justify-items: safe center;
  gap: ${GAP}px;
  overflow-x: auto;
  padding-bottom: 4px;

  .page {
    position: relative;
    flex: none;
    scroll-margin-top: ${BAR_ROOM}px;
    background: ${colors.white};
    box-shadow: 0 1px 4px rgba(0, 0, 0, 0.18);
  }

  canvas {
    display: block;
  }
`;

interface Size {
  width: number;
  height: number;
}

/** One page: a placeholder of its size until it scrolls near, then drawn on a canvas (again when the zoom changes). */
function PdfPage({ doc, number, scale, size, onSeen }: { doc: PDFDocumentProxy; number: number; scale: number; size: Size; onSeen(page: number, el: Element): () => void }) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  // Without IntersectionObserver (old browsers) every page is drawn at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const stop = onSeen(number, el);
    if (typeof IntersectionObserver === 'undefined') return stop;
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setNear(true), { rootMargin: '400px 0px' });
    observer.observe(el);
    return () => {
      observer.disconnect();
      stop();
    };
  }, [number, onSeen]);

  useEffect(() => {
    if (!near) return;
    let task: RenderTask | null = null;
    let live = true;
    void doc.getPage(number).then((page) => {
      const target = canvas.current;
      const context = target?.getContext('2d');
      if (!live || !target || !context) return;
      const viewport = page.getViewport({ scale });
      // Drawn at the screen's density, shown at the page's size: sharp on high-resolution screens.
      const density = window.devicePixelRatio || 1;
      target.width = Math.floor(viewport.width * density);
      target.height = Math.floor(viewport.height * density);
      task = page.render({ canvas: target, canvasContext: context, viewport, transform: density === 1 ? undefined : [density, 0, 0, density, 0, 0] });
      // A render cancelled by a newer zoom rejects; nothing to show for it.
      task.promise.catch(() => undefined);
    }, () => undefined);
    return () => {
      live = false;
      task?.cancel();
    };
  }, [near, doc, number, scale]);

  const width = Math.round(size.width * scale);
  const height = Math.round(size.height * scale);
  return (
    <div ref={box} className="page" style={{ width, height }} role="img" aria-label={`Page ${number}`}>
      {near && <canvas ref={canvas} style={{ width, height }} />}
    </div>
  );
}

/**
 * A PDF shown as its pages, drawn by pdf.js a page at a time as they scroll
 * into view, with the page being read ("3 / 12"), buttons to the previous
 * and next page, and zoom (in, out, fit the width). The bytes come from the
 * item's signed address.
 */
export function PdfViewer({ url, name }: { url: string; name: string }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [first, setFirst] = useState<Size | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [zoom, setZoom] = useState<number | 'fit'>('fit');
  const [width, setWidth] = useState(0);
  const [current, setCurrent] = useState(1);
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    let destroy: (() => void) | null = null;
    loadPdf(url)
      .then(async (task) => {
        destroy = () => void task.destroy();
        if (!live) return destroy();
        const loaded = await task.promise;
        const page = await loaded.getPage(1);
        const { width: w, height: h } = page.getViewport({ scale: 1 });
        if (!live) return;
        setFirst({ width: w, height: h });
        setDoc(loaded);
      })
      .catch(() => live && setProblem('This PDF could not be opened. It may be damaged or protected by a password; downloading it may help.'));
    return () => {
      live = false;
      destroy?.();
    };
  }, [url, attempt]);

  // The width the pages fit, followed as the drawer or the window is resized.
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [doc]);

  // The page being read: of those on screen, the one that shows the most of itself.
  const pages = useRef(new Map<Element, number>());
  const onSeen = useCallback((page: number, el: Element) => {
    pages.current.set(el, page);
    return () => void pages.current.delete(el);
  }, []);
  useEffect(() => {
    if (!doc || typeof IntersectionObserver === 'undefined') return;
    const shown = new Map<number, number>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const page = pages.current.get(entry.target);
        if (page === undefined) continue;
        if (entry.isIntersecting) shown.set(page, entry.intersectionRect.height);
        else shown.delete(page);
      }
      let most: [number, number] | null = null;
      for (const [page, height] of shown) if (!most || height > most[1] || (height === most[1] && page < most[0])) most = [page, height];
      if (most) setCurrent(most[0]);
    }, { threshold: Array.from({ length: 11 }, (_, i) => i / 10) });
    for (const el of pages.current.keys()) observer.observe(el);
    return () => observer.disconnect();
  }, [doc]);

  const goTo = (page: number) => {
    for (const [el, number] of pages.current) if (number === page) el.scrollIntoView({ block: 'start' });
    setCurrent(page);
  };

  if (problem) {
    return (
      <PreviewProblem
        what={name}
        message={problem}
        retry={() => {
          setProblem(null);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }

  const fit = first && width > 0 ? Math.max(0.25, (width - 2) / first.width) : 1;
  const scale = zoom === 'fit' ? fit : zoom;
  const zoomIn = ZOOMS.find((z) => z > scale + 0.01);
  const zoomOut = [...ZOOMS].reverse().find((z) => z < scale - 0.01);
  const count = doc?.numPages ?? 0;

  return (
    <section aria-label={`Pages of ${name}`}>
      <Bar role="toolbar" aria-label="PDF controls">
        <span className="tools">
          <Tooltip title="Previous page">
            <Button type="text" icon={<LeftOutlined />} aria-label="Previous page" disabled={!doc || current <= 1} onClick={() => goTo(current - 1)} />
          </Tooltip>
          <span className="count" aria-label={doc ? `Page ${current} of ${count}` : 'Loading pages'}>
            {doc ? `${current} / ${count}` : '…'}
          </span>
          <Tooltip title="Next page">
            <Button type="text" icon={<RightOutlined />} aria-label="Next page" disabled={!doc || current >= count} onClick={() => goTo(current + 1)} />
          </Tooltip>
        </span>
        <span className="tools">
          <Tooltip title="Zoom out">
            <Button type="text" icon={<ZoomOutOutlined />} aria-label="Zoom out" disabled={!doc || !zoomOut} onClick={() => zoomOut && setZoom(zoomOut)} />
          </Tooltip>
          <span className="zoom" aria-live="polite">
            {Math.round(scale * 100)}%
          </span>
          <Tooltip title="Zoom in">
            <Button type="text" icon={<ZoomInOutlined />} aria-label="Zoom in" disabled={!doc || !zoomIn} onClick={() => zoomIn && setZoom(zoomIn)} />
          </Tooltip>
          <Tooltip title="Fit the width">
            <Button type="text" icon={<ColumnWidthOutlined />} aria-label="Fit width" aria-pressed={zoom === 'fit'} disabled={!doc} onClick={() => setZoom('fit')} />
          </Tooltip>
        </span>
      </Bar>
      <Pages ref={frame}>
        {!doc || !first ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          Array.from({ length: count }, (_, i) => <PdfPage key={i + 1} doc={doc} number={i + 1} scale={scale} size={first} onSeen={onSeen} />)
        )}
      </Pages>
    </section>
  );
}
