import { useState, type ReactNode } from 'react';
import {
  CheckCircleFilled, CloseCircleFilled, CloudUploadOutlined, ExclamationCircleFilled, MinusCircleFilled,
} from '@ant-design/icons';
import { Button, Modal, Progress, Radio, Upload } from 'antd';
import styled from 'styled-components';
import { breakpoints, statusColors, theme } from '@/lib/constants';
import {
  contentKindLabels, contentKinds, KIND_EXTENSIONS, MAX_UPLOAD_BYTES, type ContentKind,
} from '@/lib/contract/contents';
import { colors } from '@/lib/palette';
import { formatBytes } from '@/components/common/format';
import { useOpenAfterMount } from '@/components/common/useOpenAfterMount';
import { acceptOf, kindColours, kindHints, kindIcons } from './kinds';
import type { UploadQueue, UploadTask } from './useUploadQueue';

const Kinds = styled(Radio.Group)`
  display: grid !important;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 8px;
  margin-bottom: 12px;

  @media (min-width: ${breakpoints.sm}px) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }

  .ant-radio-button-wrapper {
    height: auto;
    padding: 10px 8px;
    border-radius: 10px !important;
    border-inline-start-width: 1px;
    line-height: 1.2;
    text-align: center;

    &::before {
      display: none;
    }
  }

  .kind {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 6px;
    font-size: 13px;
    font-weight: 500;
  }

  .kind .anticon {
    font-size: 20px;
  }
`;

const Hint = styled.p`
  margin: 0 0 14px;
  font-size: 13px;
  line-height: 1.55;
  color: ${colors.textSecondary};

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

const stateIcons: Record<UploadTask['state'], ReactNode> = {
  uploading: <CloudUploadOutlined style={{ color: theme.primaryColor }} />,
  done: <CheckCircleFilled style={{ color: statusColors.success }} />,
  failed: <CloseCircleFilled style={{ color: statusColors.error }} />,
  rejected: <ExclamationCircleFilled style={{ color: statusColors.error }} />,
  cancelled: <MinusCircleFilled style={{ color: colors.textQuaternary }} />,
};

function TaskRow({ task, queue }: { task: UploadTask; queue: UploadQueue }) {
  const bad = task.state === 'failed' || task.state === 'rejected';
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
          {formatBytes(task.file.size)} · {contentKindLabels[task.kind]}
          {task.state === 'done' && ' · Uploaded, processing follows'}
        </div>
      </div>
      <div className="actions">
        {task.state === 'uploading' && (
          <Button size="small" onClick={() => queue.cancel(task.key)} aria-label={`Cancel ${task.file.name}`}>
            Cancel
          </Button>
        )}
        {(task.state === 'failed' || task.state === 'cancelled') && (
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
 * "Upload files": choose the kind, then pick or drop several files. The
 * picker offers the kind's extensions; files dropped anyway are listed with
 * the reason they cannot go, and the rest upload side by side.
 */
export function UploadModal({ open, onClose, queue }: UploadModalProps) {
  const [kind, setKind] = useState<ContentKind>('document');
  const finished = queue.tasks.length - queue.active;
  const shown = useOpenAfterMount(open);

  return (
    <Modal open={shown} title="Upload files" onCancel={onClose} footer={null} width={640}>
      <Kinds
        aria-label="Kind of content"
        value={kind}
        onChange={(e) => setKind(e.target.value as ContentKind)}
        optionType="button"
        options={contentKinds.map((value) => {
          const Icon = kindIcons[value];
          return {
            value,
            label: (
              <span className="kind">
                <Icon style={{ color: kindColours[value] }} aria-hidden />
                {contentKindLabels[value]}
              </span>
            ),
          };
        })}
      />
      <Hint>
        {kindHints[kind]} <strong>{KIND_EXTENSIONS[kind].map((e) => `.${e}`).join(', ')}</strong>, up to {formatBytes(MAX_UPLOAD_BYTES[kind])} each.
      </Hint>
      <Upload.Dragger
        multiple
        // 'native': dropped files of other types are not dropped silently; the queue says why they cannot go.
        accept={{ format: acceptOf(kind), filter: 'native' }}
        showUploadList={false}
        beforeUpload={(file) => {
          queue.add([file], kind);
          return Upload.LIST_IGNORE;
        }}
      >
        <DropText>
          <CloudUploadOutlined aria-hidden />
          <p>Click or drag files here</p>
          <span>Several at once are fine; each uploads on its own.</span>
        </DropText>
      </Upload.Dragger>
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
          <Button type="primary" onClick={onClose}>
            Done
          </Button>
        </span>
      </Footer>
    </Modal>
  );
}
