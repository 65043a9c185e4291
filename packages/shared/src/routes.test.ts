import { describe, expect, it } from 'vitest';
import { returnTarget } from './routes.js';

describe('returnTarget', () => {
  it('returns to the saved in-app page', () => {
    expect(returnTarget('/lotes/12')).toBe('/lotes/12');
    expect(returnTarget('/perfil?x=1')).toBe('/perfil?x=1');
  });

  it('never returns to login or registration', () => {
    for (const path of ['/login', '/login?url=/x', '/cadastro', '/cadastro/%2Flotes', '/signup', '/recuperar/abc']) {
      expect(returnTarget(path)).toBe('/dashboard');
    }
  });

  it('falls back to /dashboard for empty or foreign targets', () => {
    for (const path of [null, undefined, '', 'http://evil.example', '//evil.example', 'lotes']) {
      expect(returnTarget(path)).toBe('/dashboard');
    }
  });

  it('keeps pages whose name only starts like login', () => {
    expect(returnTarget('/loginhistory')).toBe('/loginhistory');
  });
});
