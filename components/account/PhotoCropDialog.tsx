import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { Alert, App, Button, Modal, Progress, Slider } from 'antd';
import { ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import styled from 'styled-components';
import { photoMessages } from '@/lib/contract/account';
import { colors } from '@/lib/palette';
import { accountApi } from '@/client/http/account-api';
import { errorMessage } from '@/client/http/clients';
import { useAuthStore } from '@/store/auth';
import { LoadFailure } from '@/components/common/LoadFailure';
import { useOpenAfterMount } from '@/components/common/useOpenAfterMount';
import { cropImage, croppedFileName } from './crop-image';

const MIN_ZOOM = 1;
const MAX_ZOOM = 3;
/** One press of a zoom button. */
const ZOOM_STEP = 0.25;

/** The cropper fills this box; on a short phone screen it shrinks so the buttons stay in view. */
const Stage = styled.div`
  position: relative;
  height: min(320px, 45vh);
  overflow: hidden;
  border-radius: 8px;
  background: ${colors.stage};
`;

const Hint = styled.p`
  margin: 8px 0 0;
  font-size: 13px;
  color: ${colors.textSecondary};
`;

const Zoom = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  margin-top: 12px;

  .ant-slider {
    flex: 1;
    margin: 0 6px;
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
  margin-top: 16px;
`;

interface PhotoCropDialogProps {
  /** An address of the chosen image (already checked for type and size), kept until afterClose. */
  imageUrl: string;
  open: boolean;
  onClose(): void;
  /** Once the closing animation ends. */
  afterClose(): void;
}

/**
 * "Crop your photo": the person moves and zooms the image under a round
 * frame; "Use photo" sends just that part (at most 512 pixels a side), which
 * the server checks and turns into the stored square. Cancel, at any time,
 * stops a sending upload and sends nothing.
 */
export function PhotoCropDialog({ imageUrl, open, onClose, afterClose }: PhotoCropDialogProps) {
  const { message } = App.useApp();
  const shown = useOpenAfterMount(open);
  const hintId = useId();
  const media = useRef<RefObject<HTMLImageElement | null> | null>(null);
  const request = useRef<AbortController | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  /** Percent sent while saving. */
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => request.current?.abort(), []);

  const saving = sent !== null;
  const changeZoom = (next: number) => setZoom(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, next)));

  async function save() {
    const loaded = media.current?.current;
    if (!loaded || !area) return;
    const controller = new AbortController();
    request.current = controller;
    setError(null);
    setSent(0);
    try {
      const blob = await cropImage(loaded, area);
      const { data, message: done } = await accountApi.uploadPhoto(blob, croppedFileName(blob), setSent, controller.signal);
      useAuthStore.getState().setUser(data);
      void message.success(done ?? 'Photo saved.');
      onClose();
    } catch (e) {
      // Cancelled: the dialog is closing and has nothing to say.
      if (controller.signal.aborted) return;
      setError(errorMessage(e));
      setSent(null);
    }
  }

  function cancel() {
    request.current?.abort();
    onClose();
  }

  return (
    <Modal open={shown} title="Crop your photo" onCancel={cancel} afterClose={afterClose} footer={null} mask={{ closable: false }}>
      {unreadable ? (
        <Alert type="error" showIcon title={photoMessages.unreadable} />
      ) : (
        <>
          <Stage>
            <Cropper
              image={imageUrl}
              crop={crop}
              zoom={zoom}
              minZoom={MIN_ZOOM}
              maxZoom={MAX_ZOOM}
              aspect={1}
              cropShape="round"
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={changeZoom}
              onCropAreaChange={(_, pixels) => setArea(pixels)}
              setImageRef={(ref) => {
                media.current = ref;
              }}
              mediaProps={{ alt: 'The chosen photo', onError: () => setUnreadable(true) }}
              cropperProps={{ role: 'group', 'aria-label': 'Part of the photo to keep', 'aria-describedby': hintId }}
            />
          </Stage>
          <Hint id={hintId}>Drag the photo, or focus the circle and use the arrow keys, to choose the part to keep.</Hint>
          <Zoom>
            <Button
              type="text"
              icon={<ZoomOutOutlined />}
              aria-label="Zoom out"
              disabled={saving || zoom <= MIN_ZOOM}
              onClick={() => changeZoom(zoom - ZOOM_STEP)}
            />
            <Slider
              min={MIN_ZOOM}
              max={MAX_ZOOM}
              step={0.05}
              value={zoom}
              onChange={changeZoom}
              disabled={saving}
              ariaLabelForHandle="Zoom"
              tooltip={{ formatter: (value) => `${Math.round((value ?? MIN_ZOOM) * 100)}%` }}
            />
            <Button
              type="text"
              icon={<ZoomInOutlined />}
              aria-label="Zoom in"
              disabled={saving || zoom >= MAX_ZOOM}
              onClick={() => changeZoom(zoom + ZOOM_STEP)}
            />
          </Zoom>
        </>
      )}
      {error && <LoadFailure message="Your photo was not saved." error={error} onRetry={() => void save()} style={{ marginTop: 16 }} />}
      {saving && <Progress percent={sent} size="small" aria-label="Sending the photo" style={{ marginTop: 12 }} />}
      <Actions>
        <Button onClick={cancel}>Cancel</Button>
        <Button type="primary" loading={saving} disabled={!area || unreadable} onClick={() => void save()}>
          Use photo
        </Button>
      </Actions>
    </Modal>
  );
}
