import { describe, expect, it } from 'vitest';
import { pushEndpointCheck } from './push-endpoints.js';

describe('push endpoints', () => {
  const allowed = pushEndpointCheck(['fcm.googleapis.com', 'push.apple.com', '127.0.0.1']);

  it('takes the listed push services and their subdomains over HTTPS', () => {
    expect(allowed('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(allowed('https://web.push.apple.com/QGx')).toBe(true);
    expect(allowed('https://FCM.googleapis.com/x')).toBe(true);
  });

  it('refuses any other host, a look-alike suffix, and HTTP to a remote host', () => {
    expect(allowed('https://internal.example/admin')).toBe(false);
    expect(allowed('https://evilfcm.googleapis.com.example/x')).toBe(false);
    expect(allowed('https://notpush.apple.com.evil/x')).toBe(false);
    expect(allowed('https://xpush.apple.com/x')).toBe(false);
    expect(allowed('http://fcm.googleapis.com/x')).toBe(false);
    expect(allowed('not a url')).toBe(false);
  });

  it('takes HTTP only to a loopback host listed explicitly', () => {
    expect(allowed('http://127.0.0.1:9999/push')).toBe(true);
    expect(pushEndpointCheck(['fcm.googleapis.com'])('http://127.0.0.1:9999/push')).toBe(false);
    expect(pushEndpointCheck(['fcm.googleapis.com'])('https://127.0.0.1/push')).toBe(false);
  });
});
