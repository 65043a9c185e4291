import { ensurePartitionsFor } from '../../db/dialect.js';
import { seededRandom } from '../../demo/weighings.js';
import { pesagensDiaRepository } from '../../modules/weighings/pesagens-dia.repository.js';
import type { TestAccount } from '../factories.js';
import type { TestPortal } from '../harness.js';

/**
 * A weighing as a test writes it: the section 3 fields, weight `peso` in grams with 1 decimal.
 * Everything but `peso` has a default.
 */
export interface PesagemInput {
  peso: number;
  data?: string;
  hora?: string;
  aviario?: string;
  lado?: string;
  box?: string;
  sexo?: string;
  idade_lote?: number | null;
  linha?: string;
  score?: number | null;
  serie_balanca?: string;
  obs?: string;
}

export interface CreatePesagensOptions {
  /** The farm (a Nucleo from createNucleo, or anything with its id). */
  nucleo: { id: number };
  /** The flock; null/absent stores the rows without a flock. */
  lote?: { id: number } | null;
  rows: readonly PesagemInput[];
  importacao_id?: number | null;
}

export const PESAGEM_DEFAULTS = {
  data: '2026-11-10',
  hora: '08:00:00',
  aviario: 'Aviário 1',
  lado: '1',
  box: '1',
  sexo: 'Misto',
  idade_lote: null,
  linha: '',
  score: null,
  serie_balanca: 'BAL-TEST',
  obs: '',
} as const;

/** Rows per INSERT: 18 columns × 1000 stays under both databases' bound-parameter limits. */
const CHUNK = 1000;

/**
 * Stores weighings straight with Kysely (a test factory, like device-rows.ts): no import file,
 * no validation beyond converting grams to the stored integer decigrams. Answers how many were stored.
 */
export async function createPesagens(portal: TestPortal, account: TestAccount, options: CreatePesagensOptions): Promise<number> {
  const now = Date.now();
  const values = options.rows.map((row) => ({
    owner_id: account.user.id,
    nucleo_id: options.nucleo.id,
    lote_id: options.lote?.id ?? null,
    data: row.data ?? PESAGEM_DEFAULTS.data,
    hora: row.hora ?? PESAGEM_DEFAULTS.hora,
    aviario: row.aviario ?? PESAGEM_DEFAULTS.aviario,
    lado: row.lado ?? PESAGEM_DEFAULTS.lado,
    box: row.box ?? PESAGEM_DEFAULTS.box,
    sexo: row.sexo ?? PESAGEM_DEFAULTS.sexo,
    peso_dg: gramsToDecigrams(row.peso),
    idade_lote: row.idade_lote === undefined ? PESAGEM_DEFAULTS.idade_lote : row.idade_lote,
    linha: row.linha ?? PESAGEM_DEFAULTS.linha,
    score: row.score === undefined ? PESAGEM_DEFAULTS.score : row.score,
    serie_balanca: row.serie_balanca ?? PESAGEM_DEFAULTS.serie_balanca,
    obs: row.obs ?? PESAGEM_DEFAULTS.obs,
    importacao_id: options.importacao_id ?? null,
    created_at: now,
  }));
  // Straight into pesagens, as the ingestion would: its months made first (PostgreSQL's partitions).
  await ensurePartitionsFor(portal.database, 'pesagens', values.map((value) => value.data));
  for (let start = 0; start < values.length; start += CHUNK) {
    await portal.database.db.insertInto('pesagens').values(values.slice(start, start + CHUNK)).execute();
  }
  // Written around the ingestion service: the owner's daily aggregates are rebuilt from the raw rows.
  await pesagensDiaRepository(portal.database).rebuildOwner(account.user.id, now);
  return values.length;
}

/** 1234.5 g → 12345 dg; refuses anything that is not a whole number of tenths (a test bug). */
export function gramsToDecigrams(peso: number): number {
  const dg = Math.round(peso * 10);
  if (Math.abs(dg - peso * 10) > 1e-6 || !Number.isSafeInteger(dg)) throw new Error(`peso ${peso} is not grams with 1 decimal`);
  return dg;
}

export interface GeneratedWeighingsOptions {
  /** Weighing days (YYYY-MM-DD); default 4 weekly days from 2026-11-02. */
  datas?: readonly string[];
  /** Flock age on the first day (idade_lote); grows with the days. Default 21. */
  idadeInicial?: number;
  aviarios?: readonly string[];
  lados?: readonly string[];
  boxes?: readonly string[];
  sexos?: readonly string[];
  linhas?: readonly string[];
  series?: readonly string[];
  /** Mean weight (g) on the first day; default 900. Grows ~60 g/day. */
  pesoInicial?: number;
  /** Spread as a coefficient of variation in %; default 9. */
  cv?: number;
  /** Share of birds carrying a score (0..1); default 0.3. Scores 1..5. */
  scoreRate?: number;
  /** Share of mis-weighings (a bird and a half, or a bird stepping off); default 0.01. */
  erroRate?: number;
}

const DEFAULT_DATAS = ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'];

/**
 * `n` realistic weighings from `seed` (same seed, same rows): several days, houses, sides, pens,
 * sexes, scales; weights normal around a growing mean with a few mis-steps, 1 decimal in grams.
 * Seeded with the demo's generator, so a failing case can be replayed from its seed.
 */
export function generatedWeighings(seed: number, n: number, options: GeneratedWeighingsOptions = {}): PesagemInput[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const datas = options.datas ?? DEFAULT_DATAS;
  const aviarios = options.aviarios ?? ['Aviário 1', 'Aviário 2', 'Aviário 3'];
  const lados = options.lados ?? ['1', '2'];
  const boxes = options.boxes ?? ['1', '2', '3', '10'];
  const sexos = options.sexos ?? ['Macho', 'Fêmea'];
  const linhas = options.linhas ?? ['Cobb 500', 'Ross 308'];
  const series = options.series ?? ['BAL-0001', 'BAL-0002'];
  const idadeInicial = options.idadeInicial ?? 21;
  const pesoInicial = options.pesoInicial ?? 900;
  const cv = (options.cv ?? 9) / 100;
  const scoreRate = options.scoreRate ?? 0.3;
  const erroRate = options.erroRate ?? 0.01;
  const firstDay = Date.parse(datas[0]!);
  const rows: PesagemInput[] = [];
  for (let index = 0; index < n; index += 1) {
    const data = pick(datas);
    const dias = Math.round((Date.parse(data) - firstDay) / 86_400_000);
    const sexo = pick(sexos);
    const media = (pesoInicial + 60 * dias) * (sexo === 'Macho' ? 1.08 : 1);
    // Box–Muller: one normal draw per bird.
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    let peso = media * (1 + cv * normal);
    const erro = random();
    if (erro < erroRate / 2) peso *= 1.5;
    else if (erro < erroRate) peso *= 0.4;
    peso = Math.max(0.1, Math.round(peso * 10) / 10);
    const seconds = 6 * 3600 + Math.floor(random() * 6 * 3600);
    rows.push({
      peso,
      data,
      hora: `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`,
      aviario: pick(aviarios),
      lado: pick(lados),
      box: pick(boxes),
      sexo,
      idade_lote: idadeInicial + dias,
      linha: pick(linhas),
      score: random() < scoreRate ? 1 + Math.floor(random() * 5) : null,
      serie_balanca: pick(series),
      obs: '',
    });
  }
  return rows;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
