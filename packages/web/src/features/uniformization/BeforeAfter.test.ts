import { computeStats } from '@portal/shared';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, signIn, textOf } from '../../components/reports/reportRender.testing';
import { BeforeAfter } from './BeforeAfter';

/* A grading's before and after, rendered (no browser) in the reports language and number format. */

vi.hoisted(() => {
  // i18n's languageChanged handler names the page's language; in Node there is no page.
  (globalThis as { document?: unknown }).document = { documentElement: {} };
});
vi.mock('../../components/session/session', () => import('../../components/reports/reportRender.testing').then((testing) => testing.signedInSession));

describe('uniformization in the reports language', () => {
  it('writes the before and after of a grading in the reports language', () => {
    signIn('en', ',');
    const before = computeStats([18_000, 20_000, 22_000, 25_000]);
    const text = textOf(render(createElement(BeforeAfter, { before, after: [{ categoria: 'Light', stats: computeStats([18_000, 20_000]) }] })));
    expect(text).toContain('before and after grading');
    expect(text).toContain('Light');
    expect(text).toContain('2.125,0');
    expect(text).not.toContain('Uniformidade antes');
  });
});
