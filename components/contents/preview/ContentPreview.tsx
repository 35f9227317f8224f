import { DownloadOutlined, FormOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button, Drawer, Result } from 'antd';
import styled from 'styled-components';
import { theme } from '@/lib/constants';
import { contentKindLabels, type ContentItem } from '@/lib/contract/contents';
import { colors } from '@/lib/palette';
import { fileHref } from '@/client/http/contents-api';
import { formatBytes } from '@/components/common/format';
import { useOpenAfterMount } from '@/components/common/useOpenAfterMount';
import { ContentStatusBadge } from '../ContentStatusBadge';
import { KindTile } from '../KindTile';
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
      return <TextReader item={item} focus={focus} />;
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
      if (item.source === 'note') return <TextReader item={item} focus={focus} />;
      return (
        <>
          <FileDetails item={item} />
          {item.details.characters !== undefined && (
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
}

/** A drawer that previews one item the way its kind reads best. */
export function ContentPreview({ item, onClose, focus = null, onEditNote }: ContentPreviewProps) {
  const open = useOpenAfterMount(item !== null);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="min(820px, 100vw)"
      destroyOnHidden
      aria-label={item ? `Preview of ${item.name}` : undefined}
      title={
        item && (
          <Title>
            <KindTile item={item} size={36} />
            <span className="text">
              <span className="name" title={item.name}>
                {item.name}
              </span>
              <span className="sub">
                {contentKindLabels[item.kind]}
                {item.size_bytes > 0 && ` · ${formatBytes(item.size_bytes)}`}
                <ContentStatusBadge status={item.status} />
              </span>
            </span>
          </Title>
        )
      }
      extra={
        item && (
          <span style={{ display: 'flex', gap: 8 }}>
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
      {/* Another passage of the same item opens afresh at it. */}
      {item && <PreviewBody key={`${item.id}:${focusKey(focus)}`} item={item} focus={focus} />}
    </Drawer>
  );
}
