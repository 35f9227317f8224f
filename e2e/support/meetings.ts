import { expect, type Locator, type Page } from '@playwright/test';

/** Where "Start a meeting" and the join box lead: `/meet/abc-defg-hij`. */
export const MEETING_PATH = /\/meet\/[a-z]{3}-[a-z]{4}-[a-z]{3}$/;

export const NOT_FOUND_MESSAGE = 'This meeting was not found or you are not a member of its hub.';

/** Starts a meeting from the hub home and returns its link (the lobby's address). */
export async function startMeetingFromHub(page: Page): Promise<string> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start a meeting' }).first().click();
  // Explicit timeouts: bench/meetings runs these outside the test runner's settings.
  await expect(page).toHaveURL(MEETING_PATH, { timeout: 30_000 });
  return page.url();
}

/** Pastes a meeting link (or types a code) into the join box on /meet and presses Join. */
export async function openFromJoinBox(page: Page, linkOrCode: string): Promise<void> {
  await page.goto('/meet');
  await page.getByLabel('Meeting code or link', { exact: true }).fill(linkOrCode);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
}

/** In the lobby: waits for the own camera preview to play, presses "Join meeting" and waits for the grid. */
export async function joinFromLobby(page: Page): Promise<void> {
  await expectVideoPlaying(page.getByTestId('lobby-preview'));
  await page.getByRole('button', { name: 'Join meeting', exact: true }).click();
  await expect(page.getByTestId('video-grid')).toBeVisible({ timeout: 30_000 });
}

export const tiles = (page: Page) => page.getByTestId('video-tile');

/** A person's camera tile (not their shared screen) in the grid of `page`. */
export const tileOf = (page: Page, name: string) =>
  page.locator(`[data-testid="video-tile"][data-name="${name}"]:not([data-screen="true"])`);

/**
 * Reads the video in the page: "playing" when it has a picture (videoWidth > 0)
 * and its time moves over one second, else what is wrong with it.
 */
async function playbackOf(target: Locator): Promise<string> {
  try {
    return await target.evaluate(async (element) => {
      const v = element instanceof HTMLVideoElement ? element : element.querySelector('video');
      if (!v) return 'no <video> element';
      if (v.videoWidth === 0) return `no picture yet (readyState ${v.readyState}, srcObject ${v.srcObject ? 'set' : 'empty'})`;
      const start = v.currentTime;
      const framesBefore = v.getVideoPlaybackQuality().totalVideoFrames;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (v.currentTime <= start) return `stalled at ${start.toFixed(2)} s (paused ${v.paused})`;
      return `playing${v.getVideoPlaybackQuality().totalVideoFrames > framesBefore ? '' : ' without new frames'}`;
    }, undefined, { timeout: 5_000 });
  } catch (error) {
    return `not readable: ${(error as Error).message.split('\n')[0]}`;
  }
}

/** The tile's (or video element's) video shows moving pictures: videoWidth > 0 and currentTime advancing. */
export async function expectVideoPlaying(target: Locator, timeout = 30_000): Promise<void> {
  await expect.poll(() => playbackOf(target), { timeout, intervals: [250, 500] }).toBe('playing');
}

/** Each page's grid has one tile per person, and every other person's video plays in it. */
export async function expectEveryoneSeesEveryone(people: Array<{ page: Page; name: string }>): Promise<void> {
  await Promise.all(people.map(async ({ page, name }) => {
    await expect(tiles(page)).toHaveCount(people.length);
    await expect(tileOf(page, name)).toHaveAttribute('data-self', 'true');
    await Promise.all(people.filter((other) => other.name !== name).map(async (other) => {
      await expect(tileOf(page, other.name)).toHaveAttribute('data-self', 'false');
      await expectVideoPlaying(tileOf(page, other.name));
    }));
  }));
}

/** What the remote video elements of `page` show, for a negative check: true when any has a picture. */
export async function anyRemotePicture(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLVideoElement>('[data-testid="video-tile"][data-self="false"] video')]
      .some((video) => video.videoWidth > 0 && video.getVideoPlaybackQuality().totalVideoFrames > 0));
}

/** The meeting's control bar. */
export const controls = (page: Page) => page.getByRole('toolbar', { name: 'Meeting controls' });

/** Opens the side panel's Chat or People from the control bar (its button's name starts with the panel's). */
export async function openPanel(page: Page, panel: 'Chat' | 'People'): Promise<void> {
  const button = controls(page).getByRole('button', { name: new RegExp(`^${panel}`) });
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

/** The names in the People list, top to bottom. */
export const peopleInList = (page: Page) =>
  page.getByTestId('participant').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-name')));

/** As the host: opens a person's menu in People and picks an action. */
export async function hostAction(page: Page, name: string, action: 'Mute microphone' | 'Remove from meeting'): Promise<void> {
  await openPanel(page, 'People');
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}
