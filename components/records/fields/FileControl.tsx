import { useEffect, useRef, useState } from 'react';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Progress, Typography, Upload } from 'antd';
import styled from 'styled-components';
import { errorMessage } from '@/client/http/clients';
import { contentsApi } from '@/client/http/contents-api';
import { detectKind, uploadProblem } from '@/lib/contract/contents';
import { fileValueSchema, type FileValue } from '@/lib/contract/templates';
import { messages } from '@/lib/validation/messages';
import { valueSchemaOf } from '@/lib/validation/template-schema';
import { ariaOf, type FieldControlProps } from './control-props';

const Chosen = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  min-width: 0;

  .name {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Problem = styled(Typography.Text).attrs({ type: 'danger' })`
  display: block;
  margin-top: 4px;
`;

// Stands in for the item's id while the file is checked against the field's rule before it is sent.
const NOT_YET_UPLOADED = '00000000-0000-4000-8000-000000000000';

/** The field's own message for a file it refuses (type, size), else the upload kind's; null when it may be sent. */
function problemOf(field: FieldControlProps['field'], file: File): string | null {
  const checked = valueSchemaOf(field).safeParse({ content_id: NOT_YET_UPLOADED, name: file.name, size: file.size });
  if (!checked.success) return checked.error.issues[0]?.message ?? messages.invalid(field.label, 'file type');
  const kind = detectKind(file.name);
  return kind ? uploadProblem(kind, file) : messages.invalid(field.label, 'file type');
}

/**
 * file: uploads the chosen file into the space as an item of its own (the
 * usual upload, kind from its extension) and keeps {content_id, name, size}.
 * Type and size are checked before anything is sent.
 */
export function FileControl(props: FieldControlProps) {
  const { field, value, onChange, spaceId, disabled } = props;
  const current = fileValueSchema.safeParse(value);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<{ message: string; retry?: File } | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const send = async (file: File) => {
    if (!spaceId) return;
    const refused = problemOf(field, file);
    setProblem(refused ? { message: refused } : null);
    const kind = detectKind(file.name);
    if (refused || !kind) return;
    abort.current = new AbortController();
    setPercent(0);
    try {
      const { data } = await contentsApi.upload(spaceId, kind, file, { onProgress: setPercent, signal: abort.current.signal });
      const stored: FileValue = { content_id: data.id, name: file.name, size: file.size };
      onChange?.(stored);
    } catch (e) {
      if (!abort.current.signal.aborted) setProblem({ message: errorMessage(e), retry: file });
    } finally {
      setPercent(null);
    }
  };

  const accept = field.extensions?.length ? field.extensions.map((e) => `.${e}`).join(',') : undefined;
  const uploading = percent !== null;
  return (
    <div>
      {current.success ? (
        <Chosen>
          <PaperClipOutlined aria-hidden />
          <span className="name" title={current.data.name}>
            {current.data.name}
          </span>
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined aria-hidden />}
            aria-label={`Remove ${current.data.name}`}
            onClick={() => onChange?.(null)}
            disabled={disabled}
          />
        </Chosen>
      ) : (
        <Upload
          accept={accept}
          showUploadList={false}
          disabled={disabled || !spaceId || uploading}
          beforeUpload={(file) => {
            void send(file);
            // The file goes through the app's own upload (progress, kind, errors), not antd's request.
            return false;
          }}
        >
          <Button {...ariaOf(props)} aria-label={`Choose a file for ${field.label}`} icon={<UploadOutlined aria-hidden />} loading={uploading} disabled={disabled || !spaceId}>
            {uploading ? 'Uploading…' : 'Choose a file'}
          </Button>
        </Upload>
      )}
      {uploading && <Progress percent={percent} size="small" aria-label={`Uploading ${field.label}`} />}
      {!spaceId && !current.success && <Typography.Text type="secondary">Files can be added once the table is in a space.</Typography.Text>}
      {problem && (
        <Problem role="alert">
          {problem.message}{' '}
          {problem.retry && (
            <Button type="link" size="small" onClick={() => problem.retry && void send(problem.retry)}>
              Try again
            </Button>
          )}
        </Problem>
      )}
    </div>
  );
}
