import { memoryPorts } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import { createKeyring } from '../keys/keyring';
import { forgetDevice, issueDeviceCookie, trustedDevice } from './device-cookie';

const DOCUMENT = '52998224725';
const OTHER = '11144477735';

describe('issueDeviceCookie', () => {
  it('sets an HttpOnly, SameSite=Strict cookie for DEVICE_COOKIE_DAYS that names its key and carries no document', () => {
    const ports = memoryPorts({ env: { DEVICE_COOKIE_DAYS: '30' } });
    issueDeviceCookie(ports, DOCUMENT);
    const cookie = ports.cookies.jar.get('dispositivo');
    expect(cookie?.options).toEqual({
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: false,
      maxAge: 30 * 24 * 60 * 60,
    });
    expect(cookie?.value.split('.')[0]).toBe(ports.keys.newest);
    expect(cookie?.value).not.toContain(DOCUMENT);
  });

  it('is named __Host-dispositivo and Secure when cookies are secure', () => {
    const ports = memoryPorts({ env: { COOKIE_SECURE: 'true' } });
    issueDeviceCookie(ports, DOCUMENT);
    expect(ports.cookies.jar.get('__Host-dispositivo')?.options.secure).toBe(true);
    expect(ports.cookies.jar.has('dispositivo')).toBe(false);
  });
});

describe('trustedDevice', () => {
  it('names the device of a cookie signed for this document, and nothing for another document', () => {
    const ports = memoryPorts();
    issueDeviceCookie(ports, DOCUMENT);
    const device = ports.cookies.get('dispositivo')?.split('.')[1];
    expect(device).toMatch(/^[\w-]{22}$/);
    expect(trustedDevice(ports, DOCUMENT)).toBe(device);
    expect(trustedDevice(ports, OTHER)).toBeUndefined();
  });

  it('trusts nothing without a cookie, with an altered one, or with one of a key no longer configured', () => {
    const ports = memoryPorts();
    expect(trustedDevice(ports, DOCUMENT)).toBeUndefined();
    issueDeviceCookie(ports, DOCUMENT);
    const value = ports.cookies.get('dispositivo') ?? '';
    ports.cookies.jar.set('dispositivo', { value: `${value}x`, options: { path: '/', secure: false } });
    expect(trustedDevice(ports, DOCUMENT)).toBeUndefined();
    ports.cookies.jar.set('dispositivo', { value: `${value}.more`, options: { path: '/', secure: false } });
    expect(trustedDevice(ports, DOCUMENT)).toBeUndefined();
    const rotated = memoryPorts({ keys: createKeyring('n'.repeat(64)) });
    rotated.cookies.set('dispositivo', value, { path: '/', secure: false });
    expect(trustedDevice(rotated, DOCUMENT)).toBeUndefined();
  });

  it('still trusts a cookie of a previous key kept configured after a rotation', () => {
    const before = memoryPorts({ keys: createKeyring('k'.repeat(64)) });
    issueDeviceCookie(before, DOCUMENT);
    const value = before.cookies.get('dispositivo') ?? '';
    const after = memoryPorts({ keys: createKeyring('n'.repeat(64), ['k'.repeat(64)]) });
    after.cookies.set('dispositivo', value, { path: '/', secure: false });
    expect(trustedDevice(after, DOCUMENT)).toBe(value.split('.')[1]);
  });
});

describe('forgetDevice', () => {
  it('clears the device cookie the browser holds', () => {
    const ports = memoryPorts();
    issueDeviceCookie(ports, DOCUMENT);
    forgetDevice(ports);
    expect(ports.cookies.jar.has('dispositivo')).toBe(false);
  });

  it('sends no Set-Cookie when the browser holds none', () => {
    const ports = memoryPorts();
    const cleared: string[] = [];
    forgetDevice({ ...ports, cookies: { ...ports.cookies, clear: (name) => void cleared.push(name) } });
    expect(cleared).toEqual([]);
  });
});
