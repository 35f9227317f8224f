import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadConfig, type MeetingSettings } from '../config';
import { iceServersFor } from './ice-servers';
import { createMessageRateLimiter } from './message-rate-limiter';

const settings = (changes: Partial<MeetingSettings>): MeetingSettings => ({
  ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'unused-in-this-test-0123456789' }).meetings,
  ...changes,
});

describe('iceServersFor', () => {
  it('offers nothing when nothing is configured (host candidates only)', () => {
    expect(iceServersFor({ settings: settings({}), userId: 'u1' })).toEqual([]);
  });

  it('computes TURN credentials as coturn’s use-auth-secret expects: base64 HMAC-SHA1 of "expiry:user"', () => {
    const now = Date.UTC(2026, 10, 21, 12, 0, 0);
    const [turn] = iceServersFor({
      settings: settings({ turnUrls: ['turn:turn.example.org:3478'], turnSecret: 'north-wind', turnTtlSeconds: 600 }),
      userId: 'user-42',
      now,
    });
    const expiry = now / 1000 + 600;
    expect(turn?.username).toBe(`${expiry}:user-42`);
    // The same digest from an independent implementation (openssl), as the TURN server computes it.
    const openssl = execFileSync('openssl', ['dgst', '-sha1', '-hmac', 'north-wind', '-binary'], { input: `${expiry}:user-42` });
    expect(turn?.credential).toBe(openssl.toString('base64'));
  });

  it('leaves TURN out without its shared secret', () => {
    const servers = iceServersFor({ settings: settings({ stunUrls: ['stun:a.example:3478'], turnUrls: ['turn:b.example:3478'] }), userId: 'u' });
    expect(servers).toEqual([{ urls: ['stun:a.example:3478'] }]);
  });
});

describe('createMessageRateLimiter', () => {
  it('allows a burst, then the steady rate', () => {
    let now = 0;
    const limiter = createMessageRateLimiter({ perSecond: 10, burst: 5, now: () => now });
    expect(Array.from({ length: 6 }, () => limiter.take())).toEqual([true, true, true, true, true, false]);
    now += 100;
    expect(limiter.take()).toBe(true);
    expect(limiter.take()).toBe(false);
    now += 10_000;
    expect(Array.from({ length: 6 }, () => limiter.take()).filter(Boolean)).toHaveLength(5);
  });
});
