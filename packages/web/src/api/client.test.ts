import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiText, attachmentName } from './client';

// The real i18n module touches the page's document on start; the client only asks the language.
vi.mock('../i18n', () => ({ currentLanguage: () => 'es' }));

describe('attachmentName', () => {
  it('reads the quoted, the bare and the RFC 5987 file name', () => {
    expect(attachmentName('attachment; filename="resumo_2026-01-01_2026-01-31.csv"')).toBe('resumo_2026-01-01_2026-01-31.csv');
    expect(attachmentName('attachment; filename=resumo.csv; size=10')).toBe('resumo.csv');
    expect(attachmentName(`attachment; filename="a.csv"; filename*=UTF-8''avi%C3%A1rio.csv`)).toBe('aviário.csv');
    expect(attachmentName('attachment; filename="say \\"hi\\".csv"')).toBe('say "hi".csv');
  });

  it('answers nothing without a name', () => {
    expect(attachmentName(null)).toBeUndefined();
    expect(attachmentName('attachment')).toBeUndefined();
    expect(attachmentName('attachment; filename=""')).toBeUndefined();
  });
});

describe('apiText', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stub(response: Response) {
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'api-token' ? 'tok-1' : null) });
    const fetch = vi.fn(async () => response);
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it('sends the bearer token and answers the text without its byte order mark, with the server’s file name', async () => {
    const fetch = stub(
      new Response('\uFEFFnome_nucleo;lote\r\nGranja;L-7\r\n', {
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="resumo_2026-01-01_2026-01-31.csv"' },
      }),
    );
    const file = await apiText('v2/resumo', { query: { inicio: '2026-01-01', fim: '2026-01-31', tipo: 'csv', prop: undefined }, accept: 'text/csv' });
    expect(file).toEqual({ text: 'nome_nucleo;lote\r\nGranja;L-7\r\n', name: 'resumo_2026-01-01_2026-01-31.csv' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('api/v2/resumo?inicio=2026-01-01&fim=2026-01-31&tipo=csv');
    expect(init.method).toBe('GET');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok-1', Accept: 'text/csv', 'Accept-Language': 'es' });
  });

  it('decodes an error answer like the typed calls do', async () => {
    stub(new Response(JSON.stringify({ code: 'DATE_RANGE_INVALID', message: 'The end is before the start' }), { status: 400, headers: { 'Content-Type': 'application/json' } }));
    const error = await apiText('v2/resumo', { query: { inicio: '2026-02-01', fim: '2026-01-01' }, accept: 'text/csv' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('DATE_RANGE_INVALID');
    expect((error as ApiError).status).toBe(400);
  });
});
