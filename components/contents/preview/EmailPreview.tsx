import { useState } from 'react';
import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Segmented, Skeleton } from 'antd';
import styled from 'styled-components';
import type { ContentItem } from '@/lib/contract/contents';
import { colors } from '@/lib/palette';
import { contentsApi, fileHref } from '@/client/http/contents-api';
import { formatDateTime } from '@/components/common/format';
import { formatBytes } from '@/lib/format-bytes';
import { useLoad } from '@/components/ui/useLoad';
import { DetailList } from './DetailList';
import { PreviewProblem } from './PreviewProblem';

const Headers = styled.header`
  margin-bottom: 16px;

  h3 {
    margin: 0 0 12px;
    font-size: 20px;
    font-weight: 600;
    line-height: 1.3;
    color: ${colors.heading};
    overflow-wrap: anywhere;
  }
`;

// The message's headers read as one block, so they stand closer than other details.
const HeaderFields = styled(DetailList)`
  gap: 4px 14px;
`;

const Frame = styled.iframe`
  display: block;
  width: 100%;
  height: 60vh;
  min-height: 360px;
  border: 1px solid ${colors.border};
  border-radius: 12px;
  background: ${colors.white};
`;

const Plain = styled.pre`
  margin: 0;
  padding: 18px 20px;
  border: 1px solid ${colors.border};
  border-radius: 12px;
  font-family: inherit;
  font-size: 14px;
  line-height: 1.65;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  background: ${colors.white};
`;

const Attachments = styled.section`
  margin-top: 20px;

  h4 {
    margin: 0 0 8px;
    font-size: 13px;
    font-weight: 600;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${colors.textTertiary};
  }

  ul {
    display: grid;
    gap: 6px;
    margin: 0;
    padding: 0;
    list-style: none;
  }

  li a {
    display: flex;
    align-items: center;
    gap: 10px;
    padding: 8px 12px;
    border: 1px solid ${colors.border};
    border-radius: 10px;
    color: ${colors.textStrong};
  }

  li a:hover {
    border-color: ${colors.primaryBorder};
  }

  .size {
    margin-left: auto;
    font-size: 12px;
    color: ${colors.textSecondary};
  }
`;

type Body = 'formatted' | 'plain';

/**
 * An email: its headers, its body and its attachments. The HTML body (the
 * server's sanitised copy) is shown in a frame with every sandbox
 * restriction on: no scripts, no same-origin access, no forms, no popups.
 */
export function EmailPreview({ item }: { item: ContentItem }) {
  const { load, retry } = useLoad(item.id, async (id) => (await contentsApi.email(item.space_id, id)).data);
  const [body, setBody] = useState<Body>('formatted');
  if (load.state === 'loading') return <Skeleton active paragraph={{ rows: 8 }} />;
  if (load.state !== 'ready') return <PreviewProblem what="this email" message={load.message} retry={retry} />;
  const email = load.value;
  const showHtml = email.html !== null && body === 'formatted';
  return (
    <>
      <Headers>
        <h3>{email.subject || '(no subject)'}</h3>
        <HeaderFields>
          <dt>From</dt>
          <dd>{email.from || '—'}</dd>
          <dt>To</dt>
          <dd>{email.to || '—'}</dd>
          {email.cc && (
            <>
              <dt>Cc</dt>
              <dd>{email.cc}</dd>
            </>
          )}
          <dt>Date</dt>
          <dd>{email.date ? formatDateTime(email.date) : '—'}</dd>
        </HeaderFields>
      </Headers>
      {email.html !== null && (
        <Segmented<Body>
          aria-label="Message body"
          value={body}
          onChange={setBody}
          options={[
            { value: 'formatted', label: 'Formatted' },
            { value: 'plain', label: 'Plain text' },
          ]}
          style={{ marginBottom: 12 }}
        />
      )}
      {showHtml ? (
        <Frame sandbox="" srcDoc={email.html ?? ''} title={`Message: ${email.subject}`} referrerPolicy="no-referrer" />
      ) : (
        <Plain>{email.text.trim() || 'This message has no text.'}</Plain>
      )}
      {email.attachments.length > 0 && (
        <Attachments aria-label="Attachments">
          <h4>
            <PaperClipOutlined /> {email.attachments.length === 1 ? '1 attachment' : `${email.attachments.length} attachments`}
          </h4>
          <ul>
            {email.attachments.map((a) => (
              <li key={a.index}>
                <a href={fileHref(a.download)} download={a.name} aria-label={`Download ${a.name}`}>
                  <DownloadOutlined aria-hidden />
                  <span>{a.name}</span>
                  <span className="size">{formatBytes(a.size_bytes)}</span>
                </a>
              </li>
            ))}
          </ul>
        </Attachments>
      )}
    </>
  );
}
