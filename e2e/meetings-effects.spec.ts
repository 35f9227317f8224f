import { expect, test, type Page } from '@playwright/test';
import { hubWithPeople, pagesOfPeople, type ApiPerson } from './support/api-people';
import { expectEveryoneSeesEveryone, expectVideoPlaying, joinFromLobby, startMeetingFromHub, tileOf } from './support/meetings';

/** Keeps every RTCPeerConnection the page makes, so the test can read what it sends. */
const RECORD_CONNECTIONS = `
(() => {
  const Native = window.RTCPeerConnection;
  window.recordedConnections = [];
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      window.recordedConnections.push(this);
    }
  };
})();
`;

interface SentTrack {
  kind: string;
  label: string;
  /** The track is a camera's or microphone's own (its device id or label is one of theirs), not one an effect made. */
  fromDevice: boolean;
}

/** The tracks the page sends on its open connections. */
const sentTracks = (page: Page) =>
  page.evaluate(async () => {
    const devices = await navigator.mediaDevices.enumerateDevices();
    const connections = (window as unknown as { recordedConnections: RTCPeerConnection[] }).recordedConnections;
    return connections
      .filter((pc) => pc.connectionState !== 'closed')
      .flatMap((pc) => pc.getSenders())
      .flatMap((sender) => (sender.track ? [sender.track] : []))
      .map((track): SentTrack => ({
        kind: track.kind,
        label: track.label,
        fromDevice: devices.some((device) => device.deviceId === track.getSettings().deviceId || device.label === track.label),
      }));
  });

/**
 * How sharp the picture of a <video> is: the mean difference between
 * neighbouring pixels of a frame drawn at 320×180. A blurred picture scores
 * far lower than the same picture sharp.
 */
const sharpness = (page: Page, video: string) =>
  page.locator(video).evaluate((element: HTMLVideoElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.drawImage(element, 0, 0, canvas.width, canvas.height);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let total = 0;
    for (let y = 0; y < canvas.height; y += 1) {
      for (let x = 1; x < canvas.width; x += 1) {
        const at = (y * canvas.width + x) * 4;
        total += Math.abs(data[at]! - data[at - 4]!) + Math.abs(data[at + 1]! - data[at - 3]!) + Math.abs(data[at + 2]! - data[at - 2]!);
      }
    }
    return total / (canvas.width * canvas.height);
  });

test('blur and noise suppression chosen in the lobby: the preview is blurred, the others get the processed picture and sound, and nothing loads from another site', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const origin = new URL(base).origin;
  const { people: [ada, ben] } = await hubWithPeople(base, ['Ada Adams', 'Ben Brooks']);
  const people = pagesOfPeople(browser, base);
  const elsewhere: string[] = [];
  const effectFiles: string[] = [];
  const pageOf = async (who: ApiPerson) => {
    const page = await people.pageOf(who, (context) => context.addInitScript(RECORD_CONNECTIONS));
    page.on('request', (request) => {
      const url = request.url();
      if (/^(data|blob):/.test(url)) return;
      if (new URL(url).origin !== origin) elsewhere.push(url);
      if (/rnnoise|workletProcessor|selfie_segmentation/.test(url)) effectFiles.push(new URL(url).pathname);
    });
    return page;
  };

  try {
    const adaPage = await pageOf(ada);
    const benPage = await pageOf(ben);
    const link = await startMeetingFromHub(adaPage);

    await test.step('Ada switches both effects on in the lobby; her preview becomes the blurred picture', async () => {
      const preview = adaPage.getByTestId('lobby-preview');
      await expectVideoPlaying(preview);
      await adaPage.getByRole('checkbox', { name: 'Noise suppression' }).check();
      await adaPage.getByRole('checkbox', { name: 'Blur background' }).check();
      // The blurred preview is a canvas's picture, not the camera itself. The segmentation model runs on
      // software WebGL here, so its first mask can take a while when other tests share the machine.
      await expect.poll(() => preview.evaluate((v: HTMLVideoElement) =>
        ((v.srcObject as MediaStream | null)?.getVideoTracks()[0]?.getSettings().deviceId as string | undefined) ?? 'none'), { timeout: 60_000 }).toBe('none');
      await expectVideoPlaying(preview);
    });

    await test.step('both join; Ben sees and hears Ada, and what her connection sends is the processed tracks', async () => {
      await joinFromLobby(adaPage);
      await benPage.goto(link);
      await joinFromLobby(benPage);
      await expectEveryoneSeesEveryone([{ page: adaPage, name: ada.name }, { page: benPage, name: ben.name }]);
      await expect(tileOf(benPage, ada.name)).toHaveAttribute('data-mic-muted', 'false');

      const sent = await sentTracks(adaPage);
      expect(sent.map((t) => `${t.kind} from a device: ${t.fromDevice}`).sort()).toEqual(['audio from a device: false', 'video from a device: false']);
      // Ben chose nothing: he sends his camera and microphone as they are.
      const benSends = await sentTracks(benPage);
      expect(benSends.map((t) => `${t.kind} from a device: ${t.fromDevice}`).sort()).toEqual(['audio from a device: true', 'video from a device: true']);
    });

    await test.step('Ada\'s picture reaches Ben blurred: far less sharp than Ben\'s own picture reaching Ada', async () => {
      const video = (name: string) => `[data-testid="video-tile"][data-name="${name}"][data-self="false"]:not([data-screen="true"]) video`;
      await expect.poll(async () => {
        const blurred = await sharpness(benPage, video(ada.name));
        const sharp = await sharpness(adaPage, video(ben.name));
        return blurred / sharp;
      }, { timeout: 20_000 }).toBeLessThan(0.6);
    });

    await test.step('Ada turns the blur off in the meeting: Ben keeps seeing her, now her camera as it is, and the choice is kept', async () => {
      await adaPage.getByRole('toolbar', { name: 'Meeting controls' }).getByRole('button', { name: 'Audio and video effects' }).click();
      const blur = adaPage.getByRole('switch', { name: 'Blur background' });
      await expect(blur).toBeChecked();
      await blur.click();
      await expect(blur).not.toBeChecked();
      await expect.poll(async () => (await sentTracks(adaPage)).find((t) => t.kind === 'video')?.fromDevice).toBe(true);
      // Noise suppression stays on.
      expect((await sentTracks(adaPage)).find((t) => t.kind === 'audio')?.fromDevice).toBe(false);
      await expectVideoPlaying(tileOf(benPage, ada.name));
      // Her own tile follows the swap too.
      await expectVideoPlaying(tileOf(adaPage, ada.name));
      expect(await adaPage.evaluate(() => JSON.parse(window.localStorage.getItem('convene.meeting.effects') ?? 'null'))).toEqual({ noiseSuppression: true, blur: false });
    });

    // Every effect file came from this site (and was asked for at all).
    expect(effectFiles.some((path) => path.endsWith('.wasm') && path.includes('rnnoise'))).toBe(true);
    expect(effectFiles.some((path) => path.includes('selfie_segmentation') && path.endsWith('.tflite'))).toBe(true);
    expect(elsewhere).toEqual([]);
  } finally {
    await people.close();
  }
});
