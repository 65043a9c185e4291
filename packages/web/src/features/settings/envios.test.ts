import { ENVIO_ERROS, ENVIO_ESTADOS, ENVIO_ORIGENS, INTEGRACAO_ESTADOS, type EnvioEstado } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { answerPreview, resendDate, RUN_POLL_MS, runPollInterval } from './envios';
import en from './locales/en.json';
import es from './locales/es.json';
import pt from './locales/pt.json';

const run = (estado: EnvioEstado) => ({ estado });

describe('delivery log polling', () => {
  it('asks again while a run is queued or sending, and stops when every run has finished', () => {
    expect(runPollInterval(undefined)).toBe(false);
    expect(runPollInterval({ envios: [] })).toBe(false);
    expect(runPollInterval({ envios: [run('sucesso'), run('falha'), run('erro_config')] as never })).toBe(false);
    expect(runPollInterval({ envios: [run('pendente'), run('sucesso')] as never })).toBe(RUN_POLL_MS);
    expect(runPollInterval({ envios: [run('sucesso'), run('executando')] as never })).toBe(RUN_POLL_MS);
  });
});

describe("the endpoint's answer in the log", () => {
  it('shows a short answer whole, on one line', () => {
    expect(answerPreview('{"ok":true,\n "recebidos": 12}')).toEqual({ text: '{"ok":true, "recebidos": 12}', cut: false });
    expect(answerPreview(null)).toEqual({ text: '', cut: false });
  });

  it('cuts a long answer at the limit with an ellipsis and says so', () => {
    const long = 'x'.repeat(300);
    const preview = answerPreview(long, 80);
    expect(preview.cut).toBe(true);
    expect(preview.text).toHaveLength(80);
    expect(preview.text.endsWith('…')).toBe(true);
    expect(answerPreview('y'.repeat(80), 80)).toEqual({ text: 'y'.repeat(80), cut: false });
  });
});

describe('"Reenviar desde" date', () => {
  const today = '2026-03-10';
  it('sends the typed day as YYYY-MM-DD, today included', () => {
    expect(resendDate('05/03/2026', today)).toEqual({ iso: '2026-03-05' });
    expect(resendDate('5/3/2026', today)).toEqual({ iso: '2026-03-05' });
    expect(resendDate('10/03/2026', today)).toEqual({ iso: '2026-03-10' });
  });

  it('refuses an empty field, a date that does not exist and a day after today', () => {
    expect(resendDate('  ', today)).toEqual({ problem: 'FIELD_REQUIRED' });
    expect(resendDate('31/02/2026', today)).toEqual({ problem: 'FIELD_INVALID' });
    expect(resendDate('05/03', today)).toEqual({ problem: 'FIELD_INVALID' });
    expect(resendDate('11/03/2026', today)).toEqual({ problem: 'FIELD_OUT_OF_RANGE' });
  });
});

describe('export texts', () => {
  it.each([
    ['pt', pt],
    ['en', en],
    ['es', es],
  ])('name every state, run status, origin and error in %s', (_language, texts) => {
    expect(Object.keys(texts.envios.state).sort()).toEqual([...INTEGRACAO_ESTADOS].sort());
    expect(Object.keys(texts.envios.noNext).sort()).toEqual([...INTEGRACAO_ESTADOS].sort());
    expect(Object.keys(texts.envios.estados).sort()).toEqual([...ENVIO_ESTADOS].sort());
    expect(Object.keys(texts.envios.origens).sort()).toEqual([...ENVIO_ORIGENS].sort());
    expect(Object.keys(texts.envios.erros).sort()).toEqual([...ENVIO_ERROS].sort());
  });
});
