import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pushServiceAllows } from './web-push';

const SERVICES = ['https://fcm.googleapis.com', 'https://*.push.apple.com', 'http://127.0.0.1:4567'];

describe('the push services a subscription may name', () => {
  it('takes the configured origins and the subdomains of a wildcard', () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://api.push.apple.com/3/device/abc',
      'https://a.b.push.apple.com/x',
      'http://127.0.0.1:4567/push/abc',
      'https://FCM.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:443/fcm/send/abc',
    ]) {
      expect(pushServiceAllows(SERVICES, ok), ok).toBe(true);
    }
  });

  it('refuses every other scheme, port, host, credential or spelling', () => {
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evil.example/fcm.googleapis.com',
      'https://user@fcm.googleapis.com/x',
      'https://push.apple.com/x',
      'https://evilpush.apple.com/x',
      'https://api.push.apple.com:444/x',
      'http://api.push.apple.com/x',
      'http://127.0.0.1:4568/push',
      'http://localhost:4567/push',
      'http://[::1]:4567/push',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'not a url',
      '',
    ]) {
      expect(pushServiceAllows(SERVICES, bad), bad).toBe(false);
    }
  });

  it('refuses any address whose host is not a configured one, however it is written', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        const host = new URL(url).hostname;
        const configured =
          host === 'fcm.googleapis.com' || host.endsWith('.push.apple.com') || host === '127.0.0.1';
        if (!configured) expect(pushServiceAllows(SERVICES, url)).toBe(false);
      }),
    );
  });
});
