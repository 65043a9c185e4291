import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, attachmentName, call, callList, callText } from './client';

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

describe('callText', () => {
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
    const file = await callText('v2/resumo', { inicio: '2026-01-01', fim: '2026-01-31', tipo: 'csv', prop: undefined });
    expect(file).toEqual({ text: 'nome_nucleo;lote\r\nGranja;L-7\r\n', name: 'resumo_2026-01-01_2026-01-31.csv' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('api/v2/resumo?inicio=2026-01-01&fim=2026-01-31&tipo=csv');
    expect(init.method).toBe('GET');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok-1', Accept: 'text/csv', 'Accept-Language': 'es' });
  });

  it('decodes an error answer like the typed calls do', async () => {
    stub(new Response(JSON.stringify({ code: 'DATE_RANGE_INVALID', message: 'The end is before the start' }), { status: 400, headers: { 'Content-Type': 'application/json' } }));
    const error = await callText('v2/resumo', { inicio: '2026-02-01', fim: '2026-01-01' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('DATE_RANGE_INVALID');
    expect((error as ApiError).status).toBe(400);
  });
});

describe('call', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** A signed-in tab (token tok-1, anti-forgery cookie xsrf-1) whose server answers `answer`. */
  function stub(answer: unknown, status = 200) {
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'api-token' ? 'tok-1' : null) });
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=xsrf-1' });
    const fetch = vi.fn(async () => new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    return () => fetch.mock.calls[0] as unknown as [string, RequestInit & { headers: Record<string, string> }];
  }

  const chave = {
    id: 7,
    prop: 1,
    descricao: 'Galpão',
    escopo: 'dispositivo',
    validade: null,
    ativa: true,
    inicio: 'ab12',
    usos: 0,
    ultimo_uso: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };

  it("sends a POST's body as JSON with the token and the anti-forgery echo, and answers the parsed answer", async () => {
    const sent = stub({ ok: true });
    expect(await call('delsession', { body: { idsession: 3 } })).toEqual({ ok: true });
    const [url, init] = sent();
    expect(url).toBe('api/delsession');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"idsession":3}');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok-1', 'X-XSRF-TOKEN': 'xsrf-1', 'Content-Type': 'application/json' });
  });

  it('sends {} for a POST that takes no fields, and no token for a call made without a session', async () => {
    let sent = stub({ ok: true });
    await call('logout');
    expect(sent()[1].body).toBe('{}');
    sent = stub({ ok: true });
    await call('password_recover', { query: { email: 'ana@example.com' } });
    const [url, init] = sent();
    expect(url).toBe('api/password_recover?email=ana%40example.com');
    expect(init.method).toBe('GET');
    expect(init.headers.Authorization).toBeUndefined();
  });

  it("refuses an answer its call's response schema does not describe, and logs it", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stub({ ok: false });
    const error = await call('logout').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('INTERNAL');
    expect(log).toHaveBeenCalledWith('[api] unexpected answer from logout', expect.anything());
  });

  it('answers the list of a get call without id, and refuses one record in its place', async () => {
    stub([chave]);
    expect(await callList('getchave', undefined)).toEqual([chave]);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stub(chave);
    const error = await callList('getchave', 4).catch((caught: unknown) => caught);
    expect((error as ApiError).code).toBe('INTERNAL');
    expect(log).toHaveBeenCalledWith('[api] unexpected answer from getchave', 'a record instead of the list');
  });
});
