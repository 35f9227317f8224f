import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type BrowserServer, type LaunchOptions } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * Chromium flags for meetings without people or devices: a generated camera
 * picture and microphone tone, and permission prompts answered "allow".
 */
const FAKE_MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/** The system's Chrome/Chromium (CHROMIUM_PATH or scripts/ensure-chromium.mjs), headless, with fake media. */
function meetingBrowserOptions(): LaunchOptions {
  const executablePath = process.env.CHROMIUM_PATH
    || execFileSync(process.execPath, [path.join(root, 'scripts', 'ensure-chromium.mjs')], { encoding: 'utf8' }).trim().split('\n').at(-1);
  return {
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', ...FAKE_MEDIA_ARGS],
  };
}

export async function launchMeetingBrowser(): Promise<Browser> {
  return chromium.launch(meetingBrowserOptions());
}

/** The same browser as a server of its own: its process id lets a bench read the CPU time of its processes alone. */
export async function launchMeetingBrowserServer(): Promise<{ browser: Browser; pid: number; close: () => Promise<void> }> {
  const server: BrowserServer = await chromium.launchServer(meetingBrowserOptions());
  const browser = await chromium.connect(server.wsEndpoint());
  return {
    browser,
    pid: server.process().pid!,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** An empty page on 127.0.0.1 (a secure context, so getUserMedia works) for the bare WebRTC baseline. */
export async function serveBlankPage(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>WebRTC baseline</title><body></body>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
