import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';
import { loadOrCreateCaptchaHmacKey } from '../captcha/captcha-hmac-key.js';

/**
 * OWASP's "device cookies" (docs/decisions/0029): a browser that has completed a sign-in to an account carries a
 * signed cookie naming that account, and its password attempts there are throttled on their own, not by the
 * account-wide delay strangers' failures build up. So an attacker who keeps guessing cannot keep the owner out.
 */
export const deviceCookiePolicy = {
  name: 'dcipher_device',
  /** Sent with `POST /login` and `POST /login/two-factor` only (a cookie path covers the paths below it). */
  path: '/login',
  maxAgeSeconds: 365 * 24 * 60 * 60,
  /** A clock a little ahead on another replica must not invalidate a cookie it just issued. */
  clockSkewSeconds: 5 * 60,
} as const;

/**
 * The label the cookie key is derived from the captcha secret with (as the unsubscribe-link key is, 0018): a
 * distinct label, so no captcha signature or unsubscribe token is ever a valid device cookie.
 */
const keyLabel = 'dcipher/sign-in-device-cookies/v1';

/** Derived from `CAPTCHA_HMAC_KEY` (required in staging and production, shared by replicas) or the generated one. */
export async function loadDeviceCookieKey(config: Pick<Config, 'captcha' | 'keysDir'>): Promise<Buffer> {
  const rootKey = await loadOrCreateCaptchaHmacKey(config.captcha.hmacKey, config.keysDir);
  return createHmac('sha256', rootKey).update(keyLabel).digest();
}

/** A browser that signed in to `userId` before; `deviceId` is random, 128 bits, new at each sign-in. */
export interface KnownDevice {
  userId: string;
  deviceId: string;
}

/** `<user id>.<device id>.<issued at, Unix seconds>.<HMAC-SHA256 of the three, base64url>` */
const cookieValuePattern =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export interface DeviceCookies {
  /** The `Set-Cookie` value that remembers this browser for `userId` (HttpOnly, Secure, SameSite=Strict). */
  issue(userId: string): string;
  /** Every validly signed, unexpired device cookie in a `Cookie` header (a browser may send several). */
  knownDevicesIn(cookieHeader: string | undefined): KnownDevice[];
}

export function createDeviceCookies(key: Buffer, now: () => number = Date.now): DeviceCookies {
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  function verify(value: string): KnownDevice | undefined {
    const match = cookieValuePattern.exec(value);
    if (!match) return undefined;
    const [, userId = '', deviceId = '', issuedAt = '', signature = ''] = match;
    const expected = Buffer.from(sign(`${userId}.${deviceId}.${issuedAt}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const ageSeconds = now() / 1000 - Number(issuedAt);
    if (ageSeconds > deviceCookiePolicy.maxAgeSeconds || ageSeconds < -deviceCookiePolicy.clockSkewSeconds) {
      return undefined;
    }
    return { userId, deviceId };
  }

  return {
    issue(userId) {
      const deviceId = randomBytes(16).toString('base64url');
      const payload = `${userId}.${deviceId}.${Math.floor(now() / 1000)}`;
      return [
        `${deviceCookiePolicy.name}=${payload}.${sign(payload)}`,
        `Max-Age=${deviceCookiePolicy.maxAgeSeconds}`,
        `Path=${deviceCookiePolicy.path}`,
        'HttpOnly',
        'Secure',
        'SameSite=Strict',
      ].join('; ');
    },

    knownDevicesIn(cookieHeader) {
      if (!cookieHeader) return [];
      const devices: KnownDevice[] = [];
      // Cookie values are never decoded or echoed: anything but the exact format is ignored.
      for (const pair of cookieHeader.split(';').slice(0, 50)) {
        const separator = pair.indexOf('=');
        if (separator === -1 || pair.slice(0, separator).trim() !== deviceCookiePolicy.name) continue;
        const device = verify(pair.slice(separator + 1).trim());
        if (device) devices.push(device);
      }
      return devices;
    },
  };
}
