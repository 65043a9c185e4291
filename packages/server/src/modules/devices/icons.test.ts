import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEVICE_MODELS, deviceIcon } from '@portal/shared';
import { describe, expect, it } from 'vitest';

const WEB_PUBLIC = fileURLToPath(new URL('../../../../web/public/', import.meta.url));

describe('device icons', () => {
  it.each(DEVICE_MODELS)('%s has an SVG icon the web serves', (modelo) => {
    const file = `${WEB_PUBLIC}${deviceIcon(modelo)}`;
    expect(existsSync(file), file).toBe(true);
    const svg = readFileSync(file, 'utf8');
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toMatch(/viewBox="0 0 (24 24|48 48)"/);
    // Icons are drawn, not written: no text elements, no scripts.
    expect(svg).not.toMatch(/<(text|script)\b/);
  });

  it('gives every model its own drawing', () => {
    const drawings = new Set(DEVICE_MODELS.map((modelo) => readFileSync(`${WEB_PUBLIC}${deviceIcon(modelo)}`, 'utf8')));
    expect(drawings.size).toBe(DEVICE_MODELS.length);
  });
});
