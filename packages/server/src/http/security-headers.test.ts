import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from '../test/harness.js';

describe('security headers on every answer', () => {
  const web = mkdtempSync(join(tmpdir(), 'portal-web-'));
  let portal: TestPortal;
  beforeAll(async () => {
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><html><body><script type="module" src="./assets/app.js"></script></body></html>');
    writeFileSync(join(web, 'assets', 'app.js'), 'console.log(1)');
    portal = await startTestPortal('sqlite', { env: { WEB_DIST_DIR: web } });
  });
  afterAll(async () => {
    await portal.close();
    rmSync(web, { recursive: true, force: true });
  });

  it.each(['/', '/index.html', '/assets/app.js', '/api/getuser', '/api/health', '/api/nothing', '/nothing.js'])('%s', async (path) => {
    const answer = await portal.request('GET', path);
    const csp = answer.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    // The installable app: the service worker and the manifest are the portal's own files.
    expect(csp).toMatch(/worker-src 'self'/);
    expect(csp).toContain("manifest-src 'self'");
    // Plain HTTP on a farm network must not be upgraded to HTTPS.
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('referrer-policy')).toBe('same-origin');
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(answer.headers.get('strict-transport-security')).toBeNull();
  });

  it('keeps API answers out of caches', async () => {
    expect((await portal.request('GET', '/api/health')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('security headers behind HTTPS', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal('sqlite', { env: { PUBLIC_URL: 'https://portal.example' } });
  });
  afterAll(async () => {
    await portal.close();
  });

  it('adds HSTS and upgrades insecure requests', async () => {
    const answer = await portal.request('GET', '/api/health');
    expect(answer.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(answer.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });
});
