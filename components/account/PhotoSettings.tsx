import { useRef, useState, type ChangeEvent } from 'react';
import { Alert, App, Button, Space } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import styled from 'styled-components';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, photoMessages } from '@/lib/contract/account';
import { colors } from '@/lib/palette';
import { accountApi } from '@/client/http/account-api';
import { errorMessage } from '@/client/http/clients';
import { useAuthStore } from '@/store/auth';
import { PersonAvatar } from '@/components/common/PersonAvatar';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 20px;

  p {
    margin: 6px 0 0;
    font-size: 13px;
    color: ${colors.textSecondary};
  }
`;

const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
`;

/** What the browser can tell before sending: the type it reports and the size (the server checks the bytes themselves). */
function problemWith(file: File): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return photoMessages.wrongType;
  if (file.size > PHOTO_MAX_BYTES) return photoMessages.tooBig;
  return null;
}

/** The person's photo: choose one (the server keeps a centred square of it) or remove it to show initials again. */
export function PhotoSettings() {
  const { message } = App.useApp();
  const user = useAuthStore((s) => s.user);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;

  async function run(kind: 'upload' | 'remove', action: () => ReturnType<typeof accountApi.removePhoto>) {
    setBusy(kind);
    setError(null);
    try {
      const { data, message: done } = await action();
      useAuthStore.getState().setUser(data);
      void message.success(done ?? (kind === 'upload' ? 'Photo saved.' : 'Photo removed.'));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const problem = problemWith(file);
    if (problem) {
      setError(problem);
      return;
    }
    void run('upload', () => accountApi.uploadPhoto(file, file.name));
  }

  return (
    <>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Row>
        <PersonAvatar name={user.name} colour={user.profile.colour} photoUrl={user.photo_url} size={72} />
        <div>
          <Space wrap>
            <HiddenInput
              ref={input}
              type="file"
              accept={PHOTO_TYPES.join(',')}
              aria-label="Choose a photo"
              tabIndex={-1}
              onChange={onChoose}
            />
            <Button icon={<UploadOutlined />} loading={busy === 'upload'} disabled={busy !== null} onClick={() => input.current?.click()}>
              {user.photo_url ? 'Change photo' : 'Upload a photo'}
            </Button>
            {user.photo_url && (
              <Button icon={<DeleteOutlined />} loading={busy === 'remove'} disabled={busy !== null} onClick={() => void run('remove', accountApi.removePhoto)}>
                Remove
              </Button>
            )}
          </Space>
          <p>A JPEG, PNG or WebP image up to {PHOTO_MAX_BYTES / (1024 * 1024)} MB. We keep a square from its middle.</p>
        </div>
      </Row>
    </>
  );
}
