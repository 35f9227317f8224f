import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import styled from 'styled-components';
import type { ContentItem } from '@/lib/contract/contents';
import { colors } from '@/lib/palette';
import { fileHref } from '@/client/http/contents-api';
import { formatDuration } from '@/components/common/format';

const Stage = styled.div`
  display: grid;
  place-items: center;
  overflow: hidden;
  border-radius: 12px;
  background: ${colors.stageMedia};

  video {
    display: block;
    width: 100%;
    max-height: 65vh;
  }
`;

const Facts = styled.p`
  margin: 12px 0 0;
  font-size: 13px;
  color: ${colors.textSecondary};
`;

/** Audio or video played by the browser from its signed address; formats it cannot play are offered as a download. */
export function MediaPreview({ item }: { item: ContentItem }) {
  const { details, urls } = item;
  const facts = [
    details.duration_seconds !== undefined && formatDuration(details.duration_seconds),
    details.container?.toUpperCase(),
    details.codec,
  ].filter(Boolean);
  const audio = item.mime_type?.startsWith('audio/') ?? false;
  if (details.playable === false || !urls.view) {
    return (
      <Alert
        type="info"
        showIcon
        title="Your browser cannot play this file"
        description={`${item.extension ? `.${item.extension} files` : 'Files like this'} play in a media app. Download it to watch or listen.`}
        action={
          urls.download && (
            <Button href={fileHref(urls.download)} download={item.name} icon={<DownloadOutlined />}>
              Download
            </Button>
          )
        }
      />
    );
  }
  return (
    <>
      {audio ? (
        <audio controls preload="metadata" src={fileHref(urls.view)} aria-label={item.name} style={{ width: '100%' }} />
      ) : (
        <Stage>
          <video controls preload="metadata" src={fileHref(urls.view)} aria-label={item.name} />
        </Stage>
      )}
      {facts.length > 0 && <Facts>{facts.join(' · ')}</Facts>}
    </>
  );
}
