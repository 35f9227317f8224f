import { useEffect, useState, type ReactNode } from 'react';
import { LoadingOutlined, PictureOutlined } from '@ant-design/icons';
import Image, { type ImageOptions } from '@tiptap/extension-image';
import { NodeViewWrapper, ReactNodeViewRenderer, type ReactNodeViewProps } from '@tiptap/react';
import { Button } from 'antd';
import styled from 'styled-components';
import { colors } from '@/lib/palette';
import { errorMessage, statusOf } from '@/client/http/clients';
import { contentsApi, fileHref } from '@/client/http/contents-api';

/**
 * A picture in a note is an image uploaded to the same space, written
 * `![name](content:<id>)`: its file address is signed for a short while,
 * so the note keeps the item and asks for a fresh address when it is shown.
 */
const CONTENT_SCHEME = 'content:';
export const contentImageSrc = (contentId: string) => `${CONTENT_SCHEME}${contentId}`;

/** A new image's own bytes, shown while the space renders its copy (object URLs by content id). */
export type LocalPreviews = ReadonlyMap<string, string>;

interface NoteImageOptions extends ImageOptions {
  spaceId: string;
  previews: LocalPreviews | null;
}

// How long an image that is still being processed is waited for, asking again every POLL_MS.
const POLL_MS = 3000;
const POLLS = 40;

type Shown =
  | { state: 'loading' }
  | { state: 'processing' }
  | { state: 'ready'; src: string }
  | { state: 'unavailable'; message: string; retryable: boolean };

/** The address to show an image item at, waiting while the space processes it. */
function useContentImage(spaceId: string, contentId: string, local: string | undefined): { shown: Shown; retry(): void } {
  const [attempt, setAttempt] = useState(0);
  const [shown, setShown] = useState<Shown>({ state: 'loading' });
  useEffect(() => {
    if (local) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (polls: number) => {
      try {
        const { data } = await contentsApi.get(spaceId, contentId);
        if (!live) return;
        if (data.urls.view) setShown({ state: 'ready', src: fileHref(data.urls.view) });
        else if (data.status === 'queued' || data.status === 'processing') {
          setShown({ state: 'processing' });
          if (polls < POLLS) timer = setTimeout(() => void ask(polls + 1), POLL_MS);
          else setShown({ state: 'unavailable', message: 'This image is still being processed.', retryable: true });
        } else {
          const message = data.status === 'failed' ? (data.failure_reason ?? 'This image could not be processed.') : 'This image has no preview.';
          setShown({ state: 'unavailable', message, retryable: false });
        }
      } catch (e) {
        if (!live) return;
        const gone = statusOf(e) === 404;
        setShown({ state: 'unavailable', message: gone ? 'This image is no longer in the space.' : errorMessage(e), retryable: !gone });
      }
    };
    void ask(0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [spaceId, contentId, local, attempt]);
  return {
    shown: local ? { state: 'ready', src: local } : shown,
    retry: () => {
      setShown({ state: 'loading' });
      setAttempt((a) => a + 1);
    },
  };
}

const Frame = styled.span`
  display: inline-block;
  max-width: 100%;
  vertical-align: bottom;

  img {
    display: block;
    max-width: 100%;
    max-height: 480px;
    border-radius: 8px;
  }

  &.selected img {
    outline: 2px solid ${colors.primary};
    outline-offset: 2px;
  }

  .stand-in {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    padding: 10px 14px;
    border: 1px dashed ${colors.borderControl};
    border-radius: 8px;
    font-size: 13px;
    line-height: 1.5;
    color: ${colors.textSecondary};
    background: ${colors.bgSubtle};
  }
`;

function StandIn({ alt, children }: { alt: string; children: ReactNode }) {
  return (
    <span className="stand-in" role="img" aria-label={alt}>
      {children}
    </span>
  );
}

function ContentImage({ spaceId, contentId, alt, local }: { spaceId: string; contentId: string; alt: string; local: string | undefined }) {
  const { shown, retry } = useContentImage(spaceId, contentId, local);
  switch (shown.state) {
    case 'ready':
      // eslint-disable-next-line @next/next/no-img-element -- a signed file address, not an optimisable asset
      return <img src={shown.src} alt={alt} />;
    case 'loading':
    case 'processing':
      return (
        <StandIn alt={alt}>
          <LoadingOutlined aria-hidden /> {shown.state === 'loading' ? `Loading ${alt}…` : `Preparing ${alt}…`}
        </StandIn>
      );
    case 'unavailable':
      return (
        <StandIn alt={alt}>
          <PictureOutlined aria-hidden /> {shown.message}
          {shown.retryable && (
            <Button size="small" onClick={retry}>
              Try again
            </Button>
          )}
        </StandIn>
      );
  }
}

/** One picture of a note: an image of the space, a web address, or (anything else) its name only. */
function NoteImageView({ node, extension, selected }: ReactNodeViewProps) {
  const { spaceId, previews } = extension.options as NoteImageOptions;
  const src = typeof node.attrs.src === 'string' ? node.attrs.src : '';
  const alt = typeof node.attrs.alt === 'string' && node.attrs.alt ? node.attrs.alt : 'Image';
  const contentId = src.startsWith(CONTENT_SCHEME) ? src.slice(CONTENT_SCHEME.length) : null;
  return (
    <NodeViewWrapper as="span">
      <Frame className={selected ? 'selected' : undefined} data-drag-handle>
        {contentId ? (
          <ContentImage spaceId={spaceId} contentId={contentId} alt={alt} local={previews?.get(contentId)} />
        ) : /^https?:\/\//i.test(src) ? (
          // eslint-disable-next-line @next/next/no-img-element -- an address the note's author linked
          <img src={src} alt={alt} />
        ) : (
          <StandIn alt={alt}>
            <PictureOutlined aria-hidden /> {alt}
          </StandIn>
        )}
      </Frame>
    </NodeViewWrapper>
  );
}

/** The image node of notes: inline like a Markdown image, shown through NoteImageView. */
export function noteImage(spaceId: string, previews: LocalPreviews | null = null) {
  return Image.extend<NoteImageOptions>({
    addOptions() {
      return { inline: true, allowBase64: false, HTMLAttributes: {}, resize: false, spaceId, previews };
    },
    addNodeView() {
      return ReactNodeViewRenderer(NoteImageView, { as: 'span' });
    },
  });
}
