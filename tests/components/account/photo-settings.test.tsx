import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PhotoSettings } from '@/components/account/PhotoSettings';
import { accountApi } from '@/client/http/account-api';
import { PHOTO_MAX_BYTES, photoMessages } from '@/lib/contract/account';
import { server } from '@/mocks/node';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach, signInAs } from '@/tests/render';
import { renderStill } from '@/tests/components/spaces/fixtures';

setupMockServer();
resetAuthAfterEach();

const CHOSEN_URL = 'blob:chosen-photo';
const createObjectURL = vi.fn((_file: Blob) => CHOSEN_URL);
const revokeObjectURL = vi.fn((_url: string) => undefined);
/** What the stubbed canvas was asked to draw, and what it encoded; jsdom has no canvas of its own. */
const drawImage = vi.fn();
let encoded: { blob: Blob; width: number; height: number }[] = [];

function stubToBlob(type: string | null) {
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, callback: BlobCallback, asked?: string) {
    const blob = new Blob(['cropped'], { type: type ?? asked ?? 'image/png' });
    encoded.push({ blob, width: this.width, height: this.height });
    callback(blob);
  });
}

beforeEach(() => {
  // jsdom has no object URLs; a subclass keeps the real URL untouched.
  vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL }));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ({ drawImage })) as unknown as HTMLCanvasElement['getContext']);
  stubToBlob(null);
  encoded = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  drawImage.mockClear();
});

let counter = 0;
async function renderPhoto() {
  counter += 1;
  await signInAs({ email: `grace${counter}@example.com`, name: 'Grace Hopper', profile: true });
  return renderStill(<PhotoSettings />);
}

const png = () => new File(['the original photo'], 'me.png', { type: 'image/png' });

/** Watches (without replacing) the upload call: the test checks it sends the canvas's output, not the chosen file. */
const watchUpload = () => vi.spyOn(accountApi, 'uploadPhoto');

/** The last upload sent the last encoded canvas, of `side` pixels square, under `name`. */
function expectSentCrop(upload: ReturnType<typeof watchUpload>, side: number, name: string) {
  const last = encoded.at(-1);
  expect(last).toMatchObject({ width: side, height: side });
  expect(upload).toHaveBeenLastCalledWith(last?.blob, name, expect.any(Function), expect.any(AbortSignal));
  expect(useAuthStore.getState().user?.photo_url).toMatch(new RegExp(`^data:${last?.blob.type};base64,`));
}

/**
 * Lets the cropper's image "load" as an 800×600 picture shown at 400×300 in a
 * 400×300 box (jsdom lays nothing out): the round frame is then a 300-pixel
 * circle over the middle, i.e. the 600×600 square at x 100 of the picture.
 */
function loadImage(dialog: HTMLElement): HTMLImageElement {
  const image = within(dialog).getByAltText<HTMLImageElement>('The chosen photo');
  expect(image).toHaveAttribute('src', CHOSEN_URL);
  Object.defineProperties(image, {
    naturalWidth: { value: 800 },
    naturalHeight: { value: 600 },
    offsetWidth: { value: 400 },
    offsetHeight: { value: 300 },
  });
  const box = image.parentElement;
  if (!box) throw new Error('the cropper has no box');
  box.getBoundingClientRect = () => ({ x: 0, y: 0, left: 0, top: 0, right: 400, bottom: 300, width: 400, height: 300, toJSON: () => ({}) });
  fireEvent.load(image);
  return image;
}

async function chooseAndOpen(user: ReturnType<typeof userEvent.setup>) {
  const file = png();
  await user.upload(screen.getByLabelText('Choose a photo'), file);
  const dialog = await screen.findByRole('dialog', { name: 'Crop your photo' });
  expect(createObjectURL).toHaveBeenCalledWith(file);
  return dialog;
}

const dialogClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

describe('the photo', () => {
  it('opens the crop dialog for a chosen image, sends only the cropped part, then removes it', async () => {
    const upload = watchUpload();
    const { user, container } = await renderPhoto();
    const dialog = await chooseAndOpen(user);
    const use = within(dialog).getByRole('button', { name: 'Use photo' });
    expect(use).toBeDisabled();
    const image = loadImage(dialog);
    await waitFor(() => expect(use).toBeEnabled());
    expect(within(dialog).getByRole('slider', { name: 'Zoom' })).toHaveAttribute('aria-valuenow', '1');

    await user.click(use);
    expect(await screen.findByText('Photo saved.')).toBeInTheDocument();
    // The 600×600 middle square, drawn at the 512-pixel limit.
    expect(drawImage).toHaveBeenCalledWith(image, 100, 0, 600, 600, 0, 0, 512, 512);
    expectSentCrop(upload, 512, 'photo.webp');
    await dialogClosed();
    expect(revokeObjectURL).toHaveBeenCalledWith(CHOSEN_URL);
    await waitFor(() => expect(container.querySelector('img')).toHaveAttribute('src', useAuthStore.getState().user?.photo_url));

    await user.click(screen.getByRole('button', { name: /Remove/ }));
    expect(await screen.findByText('Photo removed.')).toBeInTheDocument();
    expect(useAuthStore.getState().user?.photo_url).toBeNull();
    expect(screen.getByText('GH')).toBeInTheDocument();
  });

  it('sends nothing when the crop is cancelled', async () => {
    const upload = watchUpload();
    let sent = 0;
    server.use(http.post('*/api/v1/auth/photo/', () => {
      sent += 1;
      return HttpResponse.json({ message: 'unexpected' }, { status: 500 });
    }));
    const { user } = await renderPhoto();
    const dialog = await chooseAndOpen(user);
    loadImage(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await dialogClosed();
    expect(revokeObjectURL).toHaveBeenCalledWith(CHOSEN_URL);
    expect(drawImage).not.toHaveBeenCalled();
    expect(upload).not.toHaveBeenCalled();
    expect(sent).toBe(0);
    expect(useAuthStore.getState().user?.photo_url).toBeNull();
  });

  it('shows a failed upload in the dialog with Try again, which sends the zoomed crop again', async () => {
    server.use(http.post('*/api/v1/auth/photo/', () => HttpResponse.json({ message: 'Something went wrong on our side.', code: 'internal_error' }, { status: 500 }), { once: true }));
    const upload = watchUpload();
    const { user } = await renderPhoto();
    const dialog = await chooseAndOpen(user);
    const image = loadImage(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(within(dialog).getByRole('slider', { name: 'Zoom' })).toHaveAttribute('aria-valuenow', '1.25');

    await user.click(within(dialog).getByRole('button', { name: 'Use photo' }));
    expect(await within(dialog).findByText('Your photo was not saved. Something went wrong on our side.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Use photo' })).toBeEnabled();
    expect(useAuthStore.getState().user?.photo_url).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Photo saved.')).toBeInTheDocument();
    // Zoomed to 125%, the frame covers 480×480 pixels of the middle: under the limit, so drawn at its own size.
    expect(drawImage).toHaveBeenLastCalledWith(image, 160, 60, 480, 480, 0, 0, 480, 480);
    expect(upload).toHaveBeenCalledTimes(2);
    expectSentCrop(upload, 480, 'photo.webp');
    await dialogClosed();
  });

  it('sends PNG where the browser cannot encode WebP', async () => {
    stubToBlob('image/png');
    const upload = watchUpload();
    const { user } = await renderPhoto();
    const dialog = await chooseAndOpen(user);
    loadImage(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Use photo' }));
    expect(await screen.findByText('Photo saved.')).toBeInTheDocument();
    expectSentCrop(upload, 512, 'photo.png');
    expect(useAuthStore.getState().user?.photo_url).toMatch(/^data:image\/png;/);
  });

  it('says so when the browser cannot read the chosen image, and offers nothing to send', async () => {
    const { user } = await renderPhoto();
    const dialog = await chooseAndOpen(user);
    fireEvent.error(within(dialog).getByAltText('The chosen photo'));
    expect(await within(dialog).findByText(photoMessages.unreadable)).toBeInTheDocument();
    expect(within(dialog).queryByRole('slider', { name: 'Zoom' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Use photo' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await dialogClosed();
  });

  it('refuses a file that is too big or not a JPEG, PNG or WebP image before opening the dialog', async () => {
    await renderPhoto();
    // The picker offers only the allowed types; choosing "all files" in it can still bring another.
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Choose a photo');

    await user.upload(input, new File([new Uint8Array(PHOTO_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByText(photoMessages.tooBig)).toBeInTheDocument();
    await user.upload(input, new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    expect(await screen.findByText(photoMessages.wrongType)).toBeInTheDocument();
    expect(screen.queryByText(photoMessages.tooBig)).not.toBeInTheDocument();

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(useAuthStore.getState().user?.photo_url).toBeNull();
  });
});
