import type { ReactNode } from 'react';
import {
  CheckCircleFilled, CloseCircleFilled, CloudUploadOutlined, ExclamationCircleFilled, FileOutlined, MinusCircleFilled, UploadOutlined,
} from '@ant-design/icons';
import { Button, Modal, Progress, Select, Upload } from 'antd';
import styled from 'styled-components';
import { statusColors, theme } from '@/lib/constants';
import {
  contentKindLabels, contentKinds, KIND_EXTENSIONS, MAX_UPLOAD_BYTES, type ContentKind,
} from '@/lib/contract/contents';
import { colors } from '@/lib/palette';
import { formatBytes } from '@/lib/format-bytes';
import { useOpenAfterMount } from '@/components/common/useOpenAfterMount';
import { kindColours, kindHints, kindIcons } from './kinds';
import type { UploadQueue, UploadTask } from './useUploadQueue';

const Guide = styled.details`
  margin: 12px 0 0;
  font-size: 13px;
  line-height: 1.55;
  color: ${colors.textSecondary};

  summary {
    width: fit-content;
    color: ${theme.primaryColor};
    font-weight: 500;
    cursor: pointer;
  }

  ul {
    display: grid;
    gap: 8px;
    margin: 10px 0 0;
    padding: 0;
    list-style: none;
  }

  li {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: 0 10px;
  }

  li .anticon {
    margin-top: 3px;
    font-size: 16px;
  }

  strong {
    color: ${colors.text};
    font-weight: 500;
  }
`;

const DropText = styled.div`
  padding: 8px 12px;

  .anticon {
    font-size: 34px;
    color: ${theme.primaryColor};
  }

  p {
    margin: 8px 0 2px;
    font-size: 15px;
    font-weight: 500;
    color: ${colors.heading};
  }

  span {
    font-size: 13px;
    color: ${colors.textSecondary};
  }
`;

const Files = styled.ul`
  display: grid;
  gap: 8px;
  margin: 16px 0 0;
  padding: 0;
  list-style: none;
`;

const FileRow = styled.li`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  align-items: center;
  gap: 2px 12px;
  padding: 10px 12px;
  border: 1px solid ${colors.border};
  border-radius: 10px;

  .state {
    font-size: 18px;
  }

  .name {
    overflow: hidden;
    font-weight: 500;
    color: ${colors.heading};
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  .sub {
    font-size: 12px;
    color: ${colors.textSecondary};
  }

  .message {
    grid-column: 2 / -1;
    margin: 2px 0 0;
    font-size: 13px;
    line-height: 1.45;
    overflow-wrap: anywhere;
  }

  .message.bad {
    color: ${colors.errorText};
  }

  .progress {
    grid-column: 2 / -1;
  }

  .actions {
    display: flex;
    gap: 4px;
  }

  .kind-choice {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin-top: 16px;

  .note {
    font-size: 13px;
    color: ${colors.textSecondary};
  }
`;

// The picker offers every extension some kind takes; the list then checks each file against its kind.
const ACCEPT_ALL = [...new Set(contentKinds.flatMap((kind) => KIND_EXTENSIONS[kind]))].map((e) => `.${e}`).join(',');

const kindOptions = contentKinds.map((value) => {
  const Icon = kindIcons[value];
  return {
    value,
    title: contentKindLabels[value],
    label: (
      <span className="kind-choice">
        <Icon style={{ color: kindColours[value] }} aria-hidden />
        {contentKindLabels[value]}
      </span>
    ),
  };
});

const stateIcons: Record<UploadTask['state'], ReactNode> = {
  uploading: <CloudUploadOutlined style={{ color: theme.primaryColor }} />,
  done: <CheckCircleFilled style={{ color: statusColors.success }} />,
  failed: <CloseCircleFilled style={{ color: statusColors.error }} />,
  rejected: <ExclamationCircleFilled style={{ color: statusColors.error }} />,
  waiting: <FileOutlined style={{ color: colors.textSecondary }} />,
  cancelled: <MinusCircleFilled style={{ color: colors.textQuaternary }} />,
};

function TaskRow({ task, queue }: { task: UploadTask; queue: UploadQueue }) {
  const bad = task.state === 'failed' || task.state === 'rejected';
  // A file whose bytes are not what its name says fits no kind: only replacing it helps.
  const choosable = (task.state === 'waiting' || task.state === 'rejected') && !task.mismatch;
  return (
    <FileRow aria-label={task.file.name}>
      <span className="state" aria-hidden="true">
        {stateIcons[task.state]}
      </span>
      <div style={{ minWidth: 0 }}>
        <div className="name" title={task.file.name}>
          {task.file.name}
        </div>
        <div className="sub">
          {formatBytes(task.file.size)} ·{' '}
          {choosable ? (
            <span className="kind-choice">
              <Select<ContentKind>
                size="small"
                variant="borderless"
                aria-label={`Kind of ${task.file.name}`}
                value={task.kind}
                onChange={(kind) => queue.setKind(task.key, kind)}
                popupMatchSelectWidth={false}
                options={kindOptions}
              />
            </span>
          ) : (
            contentKindLabels[task.kind]
          )}
          {task.state === 'done' && ' · Uploaded, processing follows'}
        </div>
      </div>
      <div className="actions">
        {task.state === 'uploading' && (
          <Button size="small" onClick={() => queue.cancel(task.key)} aria-label={`Cancel ${task.file.name}`}>
            Cancel
          </Button>
        )}
        {(task.state === 'failed' || task.state === 'cancelled') && task.retryable && (
          <Button size="small" type="primary" ghost onClick={() => queue.retry(task)} aria-label={`Retry ${task.file.name}`}>
            Retry
          </Button>
        )}
        {task.state !== 'uploading' && (
          <Button size="small" type="text" onClick={() => queue.dismiss(task.key)} aria-label={`Remove ${task.file.name} from the list`}>
            Remove
          </Button>
        )}
      </div>
      {task.state === 'uploading' && (
        <div className="progress">
          <Progress percent={task.percent} size="small" aria-label={`Upload of ${task.file.name}`} />
        </div>
      )}
      {task.message && (
        <p className={`message${bad ? ' bad' : ''}`} role={bad ? 'alert' : undefined}>
          {task.message}
        </p>
      )}
    </FileRow>
  );
}

interface UploadModalProps {
  open: boolean;
  onClose(): void;
  queue: UploadQueue;
}

/**
 * "Upload files": pick or drop several files; each is listed with the kind
 * read from it, which can be changed before the uploads start. Files no
 * kind takes are listed with the reason, and the rest upload side by side.
 */
export function UploadModal({ open, onClose, queue }: UploadModalProps) {
  const finished = queue.tasks.length - queue.active - queue.waiting;
  const shown = useOpenAfterMount(open);

  return (
    <Modal open={shown} title="Upload files" onCancel={onClose} footer={null} width={640}>
      <Upload.Dragger
        multiple
        // 'native': dropped files of other types are not dropped silently; the list says why they cannot go.
        accept={{ format: ACCEPT_ALL, filter: 'native' }}
        showUploadList={false}
        beforeUpload={(file) => {
          queue.add([file]);
          return Upload.LIST_IGNORE;
        }}
      >
        <DropText>
          <CloudUploadOutlined aria-hidden />
          <p>Click or drag files here</p>
          <span>Several at once are fine. We tell what kind each file is; you can change it before uploading.</span>
        </DropText>
      </Upload.Dragger>
      <Guide>
        <summary>What can I upload?</summary>
        <ul>
          {contentKinds.map((kind) => {
            const Icon = kindIcons[kind];
            return (
              <li key={kind}>
                <Icon style={{ color: kindColours[kind] }} aria-hidden />
                <span>
                  <strong>{contentKindLabels[kind]}</strong>: {kindHints[kind]} {KIND_EXTENSIONS[kind].map((e) => `.${e}`).join(', ')}, up to{' '}
                  {formatBytes(MAX_UPLOAD_BYTES[kind])} each.
                </span>
              </li>
            );
          })}
        </ul>
      </Guide>
      {queue.tasks.length > 0 && (
        <Files aria-label="Uploads">
          {queue.tasks.map((task) => (
            <TaskRow key={task.key} task={task} queue={queue} />
          ))}
        </Files>
      )}
      <Footer>
        <span className="note">{queue.active > 0 ? 'Uploads go on if you close this window.' : ''}</span>
        <span style={{ display: 'flex', gap: 8 }}>
          {finished > 0 && <Button onClick={queue.clearFinished}>Clear finished</Button>}
          {queue.waiting > 0 ? (
            <Button type="primary" icon={<UploadOutlined aria-hidden />} onClick={queue.start}>
              {queue.waiting === 1 ? 'Upload 1 file' : `Upload ${queue.waiting} files`}
            </Button>
          ) : (
            <Button type="primary" onClick={onClose}>
              Done
            </Button>
          )}
        </span>
      </Footer>
    </Modal>
  );
}
