import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import {
  DownloadOutlined, FormOutlined, FullscreenExitOutlined, FullscreenOutlined, LeftOutlined, LoadingOutlined, RightOutlined,
} from '@ant-design/icons';
import { Button, Drawer, Result, Segmented, Skeleton, Tooltip } from 'antd';
import Head from 'next/head';
import styled from 'styled-components';
import { theme } from '@/lib/constants';
import type { ContentItem } from '@/lib/contract/contents';
import { colors } from '@/lib/palette';
import { fileHref } from '@/client/http/contents-api';
import { formatBytes } from '@/lib/format-bytes';
import { useOpenAfterMount } from '@/components/common/useOpenAfterMount';
import { ContentStatusBadge } from '../ContentStatusBadge';
import { KindTile } from '../KindTile';
import { hasFile, isPdf, sourceLabel } from '../kinds';
import { ContactPreview } from './ContactPreview';
import { EmailPreview } from './EmailPreview';
import { FileDetails } from './FileDetails';
import { focusKey, type PreviewFocus } from './focus';
import { ImageGallery } from './ImageGallery';
import { MediaPreview } from './MediaPreview';
import { TablePreview } from './TablePreview';
import { TextReader } from './TextReader';

const Title = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  min-width: 0;

  .text {
    min-width: 0;
  }

  .name {
    display: block;
    overflow: hidden;
    font-size: 16px;
    font-weight: 600;
    color: ${colors.heading};
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  .sub {
    display: flex;
    align-items: center;
    gap: 8px;
    font-size: 12px;
    font-weight: 400;
    color: ${colors.textSecondary};
  }
`;

const Waiting = styled.div`
  display: grid;
  justify-items: center;
  gap: 10px;
  padding: 56px 16px;
  text-align: center;

  .anticon {
    font-size: 32px;
    color: ${theme.primaryColor};
  }

  h3 {
    margin: 8px 0 0;
    font-size: 17px;
    font-weight: 600;
    color: ${colors.heading};
  }

  p {
    max-width: 380px;
    margin: 0;
    font-size: 14px;
    line-height: 1.6;
    color: ${colors.textSecondary};
  }
`;

// pdf.js is large: it comes with the first PDF opened, never with the space's page.
const PdfViewer = lazy(() => import('./PdfViewer').then((m) => ({ default: m.PdfViewer })));
// So is the rich-text editor that formats notes: it comes with the first note opened.
const NoteView = lazy(() => import('../editor/NoteView').then((m) => ({ default: m.NoteView })));

function Pdf({ item }: { item: ContentItem }) {
  const url = item.urls.view ?? item.urls.download;
  if (!url) return null;
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <PdfViewer url={fileHref(url)} name={item.name} />
    </Suspense>
  );
}

/** A PDF document: its pages as drawn, or the text read from it (where a search result's passage opens). */
function PdfDocument({ item, focus }: { item: ContentItem; focus: PreviewFocus | null }) {
  const [view, setView] = useState<'pages' | 'text'>(focus ? 'text' : 'pages');
  return (
    <>
      <Segmented<'pages' | 'text'>
        aria-label="Show"
        value={view}
        onChange={setView}
        options={[
          { value: 'pages', label: 'Pages' },
          { value: 'text', label: 'Text' },
        ]}
        style={{ marginBottom: 12 }}
      />
      {view === 'pages' ? <Pdf item={item} /> : <TextReader item={item} focus={focus} />}
    </>
  );
}

/** The preview that fits the item's kind; items not ready yet show their status instead. Text and tables open at `focus`. */
function PreviewBody({ item, focus }: { item: ContentItem; focus: PreviewFocus | null }) {
  if (item.status === 'queued' || item.status === 'processing') {
    return (
      <Waiting role="status">
        <LoadingOutlined aria-hidden />
        <h3>{item.status === 'queued' ? 'Waiting to be processed' : 'Being processed'}</h3>
        <p>This usually takes a few seconds. The preview appears here as soon as it is ready.</p>
        <ContentStatusBadge status={item.status} />
      </Waiting>
    );
  }
  if (item.status === 'failed') {
    return (
      <Result
        status="error"
        title="We could not process this file"
        subTitle={item.failure_reason ?? 'Processing failed.'}
        extra={
          item.urls.download && (
            <Button href={fileHref(item.urls.download)} download={item.name} icon={<DownloadOutlined />}>
              Download the original
            </Button>
          )
        }
      />
    );
  }
  switch (item.kind) {
    case 'document':
      return isPdf(item) ? <PdfDocument item={item} focus={focus} /> : <TextReader item={item} focus={focus} />;
    case 'table':
      return <TablePreview item={item} focus={focus} />;
    case 'contact':
      return <ContactPreview item={item} />;
    case 'email':
      return <EmailPreview item={item} />;
    case 'image':
      return <ImageGallery item={item} />;
    case 'media':
      return <MediaPreview item={item} />;
    case 'general':
      // A search passage opens in the plain text, where it can be marked.
      if (item.source === 'note') {
        return focus ? <TextReader item={item} focus={focus} /> : (
          <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
            <NoteView item={item} />
          </Suspense>
        );
      }
      return (
        <>
          <FileDetails item={item} />
          {isPdf(item) ? (
            <div style={{ marginTop: 20 }}>
              <Pdf item={item} />
            </div>
          ) : item.details.characters !== undefined && (
            <div style={{ marginTop: 20 }}>
              <TextReader item={item} focus={focus} />
            </div>
          )}
        </>
      );
  }
}

interface ContentPreviewProps {
  item: ContentItem | null;
  onClose(): void;
  /** Where to open it: a search result's passage. */
  focus?: PreviewFocus | null;
  /** Offered on items whose abilities allow editing (notes). */
  onEditNote?: (item: ContentItem) => void;
  /** The list the item was opened from: previous and next (buttons, ← and →) move through it. */
  siblings?: readonly ContentItem[];
  onMove?: (item: ContentItem) => void;
}

/** Keys typed here move a caret or a control, not the preview. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT|VIDEO|AUDIO)$/.test(target.tagName) || target.getAttribute('role') === 'slider');
}

/**
 * The whole drawer (`inside` is an element of it) shown on the whole screen
 * and back, its header with it: previous, next and "Leave full screen" stay
 * on screen. Escape leaves it too (the browser's own).
 */
function useFullscreen(inside: HTMLElement | null) {
  const panel = inside?.closest('[role="dialog"]') ?? null;
  const [on, setOn] = useState(false);
  useEffect(() => {
    const follow = () => setOn(panel !== null && document.fullscreenElement === panel);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, [panel]);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void panel?.requestFullscreen();
  }, [panel]);
  // Phones without the Fullscreen API (iPhone Safari) get no button.
  const supported = typeof document !== 'undefined' && Boolean(document.fullscreenEnabled);
  return { on, toggle, supported };
}

/** Whether one of `root`'s controls shows its tooltip (antd links the two by aria-describedby while it is open). */
function showsTooltip(root: Element): boolean {
  const described = new Set([...root.querySelectorAll('[aria-describedby]')].flatMap((el) => (el.getAttribute('aria-describedby') ?? '').split(' ')));
  return [...document.querySelectorAll('[role="tooltip"]')].some((tip) => described.has(tip.id));
}

/**
 * Escape closes the preview from anywhere in it. antd gives Escape to the
 * topmost layer only, and a hover tooltip counts as one: after a click on a
 * control (Zoom in, Next page…) the pointer still rests on it, its tooltip is
 * open, and Escape only hid the tooltip. A tooltip of the preview's own
 * control is open only while that control is under the pointer, so nothing
 * covers the preview: Escape hides the tooltip and closes the preview too.
 * Layers opened over the preview (a modal) still take Escape first.
 */
function useEscapeThroughTooltips(inside: HTMLElement | null, enabled: boolean, onClose: () => void) {
  useEffect(() => {
    if (!inside || !enabled) return;
    const onKey = (event: KeyboardEvent) => {
      const dialog = inside.closest('[role="dialog"]');
      if (event.key === 'Escape' && !event.isComposing && dialog && showsTooltip(dialog)) onClose();
    };
    // Capture: antd's own Escape handling hides the tooltip (and its link) before a bubbling listener would look.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [inside, enabled, onClose]);
}

/** A drawer that previews one item the way its kind reads best, moving to the list's previous and next item. */
export function ContentPreview({ item, onClose, focus = null, onEditNote, siblings = [], onMove }: ContentPreviewProps) {
  const open = useOpenAfterMount(item !== null);
  const [body, setBody] = useState<HTMLDivElement | null>(null);
  const fullscreen = useFullscreen(body);
  // In full screen the browser takes Escape to leave full screen first; the preview stays open.
  useEscapeThroughTooltips(body, open && !fullscreen.on, onClose);
  const at = item ? siblings.findIndex((s) => s.id === item.id) : -1;
  const previous = at > 0 ? siblings[at - 1] : undefined;
  const next = at >= 0 ? siblings[at + 1] : undefined;

  useEffect(() => {
    if (!item || !onMove) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const to = event.key === 'ArrowLeft' ? previous : event.key === 'ArrowRight' ? next : undefined;
      if (!to) return;
      event.preventDefault();
      onMove(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [item, previous, next, onMove]);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="min(820px, 100vw)"
      destroyOnHidden
      keyboard={!fullscreen.on}
      aria-label={item ? `Preview of ${item.name}` : undefined}
      title={
        item && (
          <Title>
            {/* The tab is named after what is open, also when it was opened in a new tab. */}
            <Head>
              <title>{`${item.name} · Convene`}</title>
            </Head>
            <KindTile item={item} size={36} />
            <span className="text">
              <span className="name" title={item.name}>
                {item.name}
              </span>
              <span className="sub">
                {sourceLabel(item)}
                {hasFile(item) && ` · ${formatBytes(item.size_bytes)}`}
                <ContentStatusBadge status={item.status} />
              </span>
            </span>
          </Title>
        )
      }
      extra={
        item && (
          <span style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 8 }}>
            {onMove && siblings.length > 1 && at >= 0 && (
              <span style={{ display: 'flex', gap: 4 }}>
                <Tooltip title={previous ? `Previous: ${previous.name} (←)` : undefined}>
                  <Button icon={<LeftOutlined />} aria-label="Previous item" disabled={!previous} onClick={() => previous && onMove(previous)} />
                </Tooltip>
                <Tooltip title={next ? `Next: ${next.name} (→)` : undefined}>
                  <Button icon={<RightOutlined />} aria-label="Next item" disabled={!next} onClick={() => next && onMove(next)} />
                </Tooltip>
              </span>
            )}
            {fullscreen.supported && (
              <Tooltip title={fullscreen.on ? 'Leave full screen (Esc)' : 'Full screen'}>
                <Button
                  icon={fullscreen.on ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                  aria-label={fullscreen.on ? 'Leave full screen' : 'Full screen'}
                  onClick={fullscreen.toggle}
                />
              </Tooltip>
            )}
            {onEditNote && item.abilities.edit && (
              <Button icon={<FormOutlined />} onClick={() => onEditNote(item)}>
                Edit
              </Button>
            )}
            {item.urls.download && (
              <Button href={fileHref(item.urls.download)} download={item.name} icon={<DownloadOutlined />} aria-label={`Download ${item.name}`}>
                Download
              </Button>
            )}
          </span>
        )
      }
    >
      <div ref={setBody}>
        {/* Another passage of the same item opens afresh at it. */}
        {item && <PreviewBody key={`${item.id}:${focusKey(focus)}`} item={item} focus={focus} />}
      </div>
    </Drawer>
  );
}
