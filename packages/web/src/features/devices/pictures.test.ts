import { describe, expect, it } from 'vitest';
import { newPedido, pictureSize, pictureSrc } from './pictures';

describe('picture addresses', () => {
  it('makes the server path relative to the page', () => {
    expect(pictureSrc('/img_cs/12')).toBe('img_cs/12');
    expect(pictureSrc('api/img_cs/12')).toBe('api/img_cs/12');
    expect(pictureSrc('https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
  });

  it('refuses other schemes and blanks a device might send', () => {
    for (const url of ['javascript:alert(1)', ' JavaScript:x', 'data:image/png;base64,AA', '//evil.example/a.jpg', '', '   ']) {
      expect(pictureSrc(url), url).toBeNull();
    }
  });
});

describe('picture requests', () => {
  it('ids fit the live channel pattern and differ', () => {
    const ids = new Set(Array.from({ length: 50 }, newPedido));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
  });

  it('sizes read as B, KB or MB', () => {
    const format = (value: number, digits = 0) => value.toFixed(digits);
    expect(pictureSize(512, format)).toBe('512 B');
    expect(pictureSize(2048, format)).toBe('2.0 KB');
    expect(pictureSize(3 * 1024 * 1024, format)).toBe('3.0 MB');
  });
});
