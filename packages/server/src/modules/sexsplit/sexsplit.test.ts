import type { Lote, Nucleo, SeparacaoSexo } from '@portal/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalDraw, seededRandom } from '../../demo/weighings.js';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { createNucleo } from '../../test/factories/farms.js';
import { createLote } from '../../test/factories/flocks.js';
import { createPadrao } from '../../test/factories/standards.js';
import { createPesagens, type PesagemInput } from '../../test/factories/weighings.js';
import { describeEachDialect, type TestPortal } from '../../test/harness.js';
import { expectedRatio, placedMaleShare } from './service.js';

/**
 * getseparacaosexo over HTTP on generated weighings of a known mixture (docs/sex-split.md): the
 * issue's 50/50 N(2600, 260) + N(2200, 200), held to the ratio of the account's sexed standards.
 */
const PLACED = '2026-10-06';
/** Age 35. */
const DAY = '2026-11-10';
const MACHOS = { media: 2600, desvio: 260 };
const FEMEAS = { media: 2200, desvio: 200 };

/** n birds: each a male with probability `machos`, its weight from that sex's normal (seeded). */
function birds(seed: number, n: number, machos: number, rest: Omit<PesagemInput, 'peso'>): PesagemInput[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => {
    const grupo = random() < machos ? MACHOS : FEMEAS;
    return { ...rest, data: DAY, peso: Math.round((grupo.media + grupo.desvio * normalDraw(random)) * 10) / 10 };
  });
}

/** n birds of one normal, N(2400, 240). */
function oneNormal(seed: number, n: number, rest: Omit<PesagemInput, 'peso'>): PesagemInput[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => ({ ...rest, data: DAY, peso: Math.round((2400 + 240 * normalDraw(random)) * 10) / 10 }));
}

/** A standard of one sex: 2 600 g (males) or 2 200 g (females) at 35 days. */
const sexedStandard = (linhagem: string, sexo: 'macho' | 'femea', peso35: number) => ({
  linhagem,
  sexo,
  pontos: [
    { idade: 0, peso: 43 },
    { idade: 35, peso: peso35 },
  ],
});

describeEachDialect('sex split of a mixed weighing', (portal) => {
  let owner: TestAccount;
  let stranger: TestAccount;
  let farm: Nucleo;
  let lote: Lote;
  let sexed: Lote;

  const split = (account: TestAccount, query: Record<string, string>) =>
    portal().request<SeparacaoSexo>('GET', `/api/getseparacaosexo?${new URLSearchParams(query)}`, { token: account.token });

  beforeAll(async () => {
    owner = await createAccount(portal());
    stranger = await createAccount(portal());
    farm = await createNucleo(portal(), owner);
    // The breed written two ways: compared without case or accents.
    await createPadrao(portal(), owner, sexedStandard('ROSS 308', 'macho', 2600));
    await createPadrao(portal(), owner, sexedStandard('ross 308 ', 'femea', 2200));
    lote = await createLote(portal(), owner, farm, { data_alojamento: PLACED, linhagem: 'Ross 308', aves_misto: 20_000 });
    sexed = await createLote(portal(), owner, farm, { data_alojamento: PLACED, linhagem: 'Cobb 500', aves_misto: 0, aves_macho: 14_000, aves_femea: 6_000 });
    await createPesagens(portal(), owner, {
      nucleo: farm,
      lote,
      rows: [
        // House 1, box 1: the known mixture, weighed as 'X'.
        ...birds(1, 2000, 0.5, { aviario: 'Aviário 1', lado: '1', box: '1', sexo: 'X' }),
        // House 1, box 2: males only.
        ...birds(2, 300, 1, { aviario: 'Aviário 1', lado: '1', box: '2', sexo: 'M' }),
        // House 2: one normal N(2400, 240), its sex left empty.
        ...oneNormal(5, 2000, { aviario: 'Aviário 2', sexo: '' }),
        // House 3: too few birds.
        ...birds(3, 60, 0.5, { aviario: 'Aviário 3', sexo: 'Misto' }),
      ],
    });
    await createPesagens(portal(), owner, { nucleo: farm, lote: sexed, rows: birds(4, 2000, 0.7, { aviario: 'Aviário 1', sexo: 'as hatched' }) });
  });

  it("splits a mixed box into the known sexes, held to the sexed standards' ratio", async () => {
    const answer = await split(owner, { lote_id: String(lote.id), data: DAY, aviario: 'Aviário 1', lado: '1', box: '1' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const body = answer.body;
    expect(body).toMatchObject({ lote_id: lote.id, data: DAY, aviario: 'Aviário 1', lado: '1', box: '1', idade: 35, aves: 2000, situacao: 'ok' });
    expect(body).toMatchObject({ razao_fonte: 'padroes', razao_esperada: 1.182, macho_alojado_pct: null });
    const [macho, femea] = body.sexos;
    expect(macho!.sexo).toBe('macho');
    expect(Math.abs(macho!.peso_medio_g / MACHOS.media - 1)).toBeLessThan(0.03);
    expect(Math.abs(femea!.peso_medio_g / FEMEAS.media - 1)).toBeLessThan(0.03);
    expect(Math.abs(macho!.proporcao_pct - 50)).toBeLessThan(5);
    expect(macho!.aves + femea!.aves).toBe(2000);
    expect(body.confianca_pct!).toBeGreaterThan(70);
    expect(body.separacao_d!).toBeGreaterThan(1.4);
  });

  it('reads the placed male share of a flock placed by sex, and leaves the ratio free without sexed standards of its breed', async () => {
    const answer = await split(owner, { lote_id: String(sexed.id), data: DAY });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ aviario: null, lado: null, box: null, situacao: 'ok', razao_fonte: 'livre', razao_esperada: null, macho_alojado_pct: 70 });
    const [macho, femea] = answer.body.sexos;
    expect(Math.abs(macho!.proporcao_pct - 70)).toBeLessThan(5);
    expect(Math.abs(macho!.peso_medio_g / MACHOS.media - 1)).toBeLessThan(0.03);
    expect(Math.abs(femea!.peso_medio_g / FEMEAS.media - 1)).toBeLessThan(0.03);
  });

  it('refuses one normal (um_grupo) and too few birds (poucas_aves), with no groups', async () => {
    const one = await split(owner, { lote_id: String(lote.id), data: DAY, aviario: 'Aviário 2' });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ aves: 2000, situacao: 'um_grupo', sexos: [], confianca_pct: null, separacao_d: null });
    const few = await split(owner, { lote_id: String(lote.id), data: DAY, aviario: 'Aviário 3', sexo: 'Misto' });
    expect(few.body).toMatchObject({ aves: 60, situacao: 'poucas_aves', sexos: [] });
    // A day without weighings: no birds.
    const none = await split(owner, { lote_id: String(lote.id), data: '2026-11-09' });
    expect(none.body).toMatchObject({ aves: 0, peso_medio_g: null, situacao: 'poucas_aves', idade: 34 });
  });

  it('reads a flock-day as its mixed weighings only: the males-only box is left out', async () => {
    const answer = await split(owner, { lote_id: String(lote.id), data: DAY });
    expect(answer.status).toBe(200);
    expect(answer.body.aves).toBe(2000 + 2000 + 60);
    const exact = await split(owner, { lote_id: String(lote.id), data: DAY, sexo: 'X' });
    expect(exact.body.aves).toBe(2000);
  });

  it('refuses a box weighed by sex, and a sex text that is not mixed: SEX_NOT_MIXED', async () => {
    const box = await split(owner, { lote_id: String(lote.id), data: DAY, aviario: 'Aviário 1', lado: '1', box: '2' });
    expect(box.status).toBe(400);
    expect(box.body).toMatchObject({ code: 'SEX_NOT_MIXED' });
    const named = await split(owner, { lote_id: String(lote.id), data: DAY, sexo: 'Macho' });
    expect(named.status).toBe(400);
    expect(named.body).toMatchObject({ code: 'SEX_NOT_MIXED' });
  });

  it("answers 404 for another account's flock, and 400 for a side without its house or a bad day", async () => {
    const foreign = await split(stranger, { lote_id: String(lote.id), data: DAY });
    expect(foreign.status).toBe(404);
    expect((await split(owner, { lote_id: String(lote.id), data: DAY, lado: '1' })).status).toBe(400);
    expect((await split(owner, { lote_id: String(lote.id), data: DAY, aviario: 'Aviário 1', box: '1' })).status).toBe(400);
    expect((await split(owner, { lote_id: String(lote.id), data: '2026-13-01' })).status).toBe(400);
    expect((await split(owner, { lote_id: 'x', data: DAY })).status).toBe(400);
  });
});

describe('what a split is held to', () => {
  const padrao = (id: number, linhagem: string, sexo: 'macho' | 'femea' | 'misto', peso35: number) =>
    ({ id, nome: `P${id}`, linhagem, sexo, pontos: [{ idade: 0, peso: 40 }, { idade: 35, peso: peso35 }] }) as never;

  it("reads the male ÷ female ratio off the breed's sexed standards at the age, the newest of each sex", () => {
    const padroes = [padrao(1, 'Cobb 500', 'macho', 2000), padrao(2, 'Côbb 500', 'macho', 2640), padrao(3, 'cobb 500', 'femea', 2200), padrao(4, 'Cobb 500', 'misto', 2400)];
    expect(expectedRatio(padroes, 'COBB 500', 35)).toBeCloseTo(1.2, 10);
    expect(expectedRatio(padroes, 'Cobb 500', 36)).toBeNull();
    expect(expectedRatio(padroes, 'Ross 308', 35)).toBeNull();
    expect(expectedRatio(padroes, '', 35)).toBeNull();
    expect(expectedRatio(padroes, 'Cobb 500', null)).toBeNull();
  });

  it('knows the placed male share only when the sexes were placed apart and none mixed', () => {
    expect(placedMaleShare({ aves_macho: 700, aves_femea: 300, aves_misto: 0 })).toBeCloseTo(0.7, 10);
    expect(placedMaleShare({ aves_macho: 700, aves_femea: 300, aves_misto: 10 })).toBeNull();
    expect(placedMaleShare({ aves_macho: 0, aves_femea: 300, aves_misto: 0 })).toBeNull();
  });
});
