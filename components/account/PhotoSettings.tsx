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
import { PhotoCropDialog } from './PhotoCropDialog';

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

/** The person's photo: choose one and crop it (the dialog sends the cropped part) or remove it to show initials again. */
export function PhotoSettings() {
  const { message } = App.useApp();
  const user = useAuthStore((s) => s.user);
  const input = useRef<HTMLInputElement>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** An address of the image being cropped; it stays until the dialog has animated closed. */
  const [chosen, setChosen] = useState<string | null>(null);
  const [cropping, setCropping] = useState(false);
  if (!user) return null;

  async function remove() {
    setRemoving(true);
    setError(null);
    try {
      const { data, message: done } = await accountApi.removePhoto();
      useAuthStore.getState().setUser(data);
      void message.success(done ?? 'Photo removed.');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setRemoving(false);
    }
  }

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const problem = problemWith(file);
    setError(problem);
    if (problem) return;
    setChosen(URL.createObjectURL(file));
    setCropping(true);
  }

  return (
    <>
      <Row>
        <PersonAvatar name={user.name} colour={user.profile.colour} photoUrl={user.photo_url} size={72} />
        <div>
          <HiddenInput ref={input} type="file" accept={PHOTO_TYPES.join(',')} aria-label="Choose a photo" tabIndex={-1} onChange={onChoose} />
          <Space wrap>
            <Button icon={<UploadOutlined />} disabled={removing} onClick={() => input.current?.click()}>
              {user.photo_url ? 'Change photo' : 'Upload a photo'}
            </Button>
            {user.photo_url && (
              <Button icon={<DeleteOutlined />} loading={removing} disabled={removing} onClick={() => void remove()}>
                Remove
              </Button>
            )}
          </Space>
          {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
          <p>A JPEG, PNG or WebP image up to {PHOTO_MAX_BYTES / (1024 * 1024)} MB. You choose the part to keep.</p>
        </div>
      </Row>
      {chosen && (
        <PhotoCropDialog
          imageUrl={chosen}
          open={cropping}
          onClose={() => setCropping(false)}
          afterClose={() => {
            URL.revokeObjectURL(chosen);
            setChosen(null);
          }}
        />
      )}
    </>
  );
}
