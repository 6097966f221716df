// engines: any
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { createDeviceCookies, deviceCookiePolicy, loadDeviceCookieKey } from './device-cookies.js';

const userId = '6f1c1e0a-3b7d-4c2a-9e55-0d2f4b8a1c33';
const key = randomBytes(32);
const cookiePairOf = (setCookie: string) => setCookie.split(';')[0] ?? '';

describe('device cookies', () => {
  it('issues an HttpOnly, Secure, SameSite=Strict cookie for /login, valid for a year', () => {
    const setCookie = createDeviceCookies(key).issue(userId);
    assert.match(cookiePairOf(setCookie), /^dcipher_device=[0-9a-f-]{36}\.[\w-]{22}\.\d+\.[\w-]{43}$/);
    assert.deepEqual(setCookie.split('; ').slice(1), [
      'Max-Age=31536000',
      'Path=/login',
      'HttpOnly',
      'Secure',
      'SameSite=Strict',
    ]);
  });

  it('reads back what it issued, with a new device id each time, among other cookies', () => {
    const cookies = createDeviceCookies(key);
    const first = cookiePairOf(cookies.issue(userId));
    const second = cookiePairOf(cookies.issue(userId));
    const devices = cookies.knownDevicesIn(`a=1; ${first}; b=2;${second}`);
    assert.equal(devices.length, 2);
    assert.ok(devices.every((device) => device.userId === userId));
    assert.notEqual(devices[0]?.deviceId, devices[1]?.deviceId);
  });

  it('ignores cookies signed with another key, altered, malformed or absent', () => {
    const cookies = createDeviceCookies(key);
    const issued = cookiePairOf(createDeviceCookies(randomBytes(32)).issue(userId));
    const own = cookiePairOf(cookies.issue(userId));
    const otherUser = own.replace(userId, '00000000-0000-4000-8000-000000000000');
    for (const header of [
      undefined,
      '',
      issued,
      otherUser,
      `${own}x`,
      'dcipher_device=',
      'dcipher_device',
      '=;;=',
    ]) {
      assert.deepEqual(cookies.knownDevicesIn(header), [], String(header));
    }
  });

  it('accepts a cookie for a year, and none from the future', () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const cookies = createDeviceCookies(key, () => now);
    const cookie = cookiePairOf(cookies.issue(userId));
    now += (deviceCookiePolicy.maxAgeSeconds - 60) * 1000;
    assert.equal(cookies.knownDevicesIn(cookie).length, 1, 'a year less a minute later');
    now += 120 * 1000;
    assert.deepEqual(cookies.knownDevicesIn(cookie), [], 'a year and a minute later');
    now = Date.parse('2026-01-01T00:00:00Z') - (deviceCookiePolicy.clockSkewSeconds + 60) * 1000;
    assert.deepEqual(cookies.knownDevicesIn(cookie), [], 'issued more than the clock skew ahead');
  });

  it('derives its key from the captcha secret, distinct from it and stable across replicas', async () => {
    const config = { captcha: { hmacKey: 'c'.repeat(64), maxNumber: 1000 }, keysDir: undefined };
    const derived = await loadDeviceCookieKey(config);
    assert.deepEqual(derived, await loadDeviceCookieKey(config));
    assert.notDeepEqual(derived, Buffer.from('c'.repeat(64)));
  });
});
