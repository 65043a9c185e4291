import { MantineProvider } from '@mantine/core';
import type { DecimalSeparator, Language } from '@portal/shared';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { loadLanguage } from '../../i18n';

/*
 * For tests that render report screens without a browser, in a reports language and number
 * format: the signed-in user is the only thing faked. A test file mocks the session with
 * `signedInSession` and must stub `document` before i18n loads (see reportLanguage.test.ts):
 *
 *   vi.hoisted(() => void ((globalThis as { document?: unknown }).document = { documentElement: {} }));
 *   vi.mock('<path>/components/session/session', () => import('<path>/components/reports/reportRender.testing').then((testing) => testing.signedInSession));
 */

const session = { user: { reports_language: 'es', separador_decimal: null, separador_csv: ';', timezone: -3 } as Record<string, unknown> };

/** What the mocked session module answers: the user of the last `signIn`. */
export const signedInSession = { useCurrentUser: () => ({ user: session.user }) };

/** Signs in a user with these report settings (timezone -3). */
export function signIn(reports_language: Language, separador_decimal: DecimalSeparator | null, separador_csv = ';') {
  session.user = { reports_language, separador_decimal, separador_csv, timezone: -3 };
}

await Promise.all((['pt', 'en', 'es'] as const).map((language) => loadLanguage(language, true)));

/** An element rendered to HTML inside Mantine's provider. */
export const render = (element: ReactElement) => renderToStaticMarkup(createElement(MantineProvider, null, element));

/** The visible text of rendered HTML (Mantine's style tags and every tag left out), spaces collapsed. */
export const textOf = (html: string) => html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
