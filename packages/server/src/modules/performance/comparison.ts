import {
  daysBetween,
  DIGITS,
  rankQuartiles,
  roundTo,
  weightedMean,
  type Comparativo,
  type Desempenho,
  type Indicadores,
  type LinhaComparativo,
  type Lote,
} from '@portal/shared';
import type { z } from 'zod';
import type { comparativoQuery } from '@portal/shared';
import { AppError } from '../../http/errors.js';
import type { OwnerScope } from '../permissions/index.js';
import type { DesempenhoParts, FlockReads } from './service.js';

export type ComparativoFilters = Omit<z.output<typeof comparativoQuery>, 'prop' | 'todos'>;

/** Whose flocks a ranking spans: one owner, or (todos=1) every owner the caller reaches, each with its own scope. */
export interface ComparativoInput {
  query: ComparativoFilters;
  owners: { scope: OwnerScope; nome: string }[];
}

/** One flock's figures a ranking line is built from: its own indicators, or a house's. */
interface Entry {
  owner: { id: number; nome: string };
  lote: Lote;
  idade: number;
  indicadores: Indicadores;
  aviario?: { id: number; nome: string };
}

type Figures = Omit<LinhaComparativo, 'chave' | 'nome' | 'proprietario' | 'nucleo' | 'posicao' | 'quartil'>;

/** Bird-weighted means (by birds placed) of the entries' figures; each rounded once. */
function figuresOf(entries: readonly Entry[]): Figures {
  const mean = (pick: (entry: Entry) => number | null, digits: number) =>
    roundTo(weightedMean(entries.map((entry) => ({ valor: pick(entry), peso: entry.indicadores.aves_alojadas }))), digits);
  return {
    lotes: new Set(entries.map((entry) => entry.lote.id)).size,
    aves_alojadas: entries.reduce((sum, entry) => sum + entry.indicadores.aves_alojadas, 0),
    idade: mean((entry) => entry.idade, DIGITS.idade),
    viabilidade_pct: mean((entry) => entry.indicadores.viabilidade_pct, DIGITS.pct),
    peso_medio_g: mean((entry) => entry.indicadores.peso_medio_g, DIGITS.gramas),
    ganho_medio_g: mean((entry) => entry.indicadores.ganho_medio_g, DIGITS.gramas),
    ca: mean((entry) => entry.indicadores.ca, DIGITS.fcr),
    ca_corrigida: mean((entry) => entry.indicadores.ca_corrigida, DIGITS.fcr),
    iep: mean((entry) => entry.indicadores.iep, DIGITS.iep),
    uniformidade_pct: mean((entry) => entry.indicadores.uniformidade_pct, DIGITS.pct),
  };
}

/** The group an entry belongs to under `por`: its key, name and farm. */
function groupOf(entry: Entry, por: ComparativoFilters['por']) {
  const nucleo = { id: entry.lote.nucleo_id, nome: entry.lote.nucleo_nome };
  switch (por) {
    case 'lote':
      return { chave: `lote:${entry.lote.id}`, nome: entry.lote.codigo, nucleo };
    case 'aviario':
      return { chave: `aviario:${entry.aviario!.id}`, nome: entry.aviario!.nome, nucleo };
    case 'nucleo':
      return { chave: `nucleo:${nucleo.id}`, nome: nucleo.nome, nucleo };
    case 'proprietario':
      return { chave: `proprietario:${entry.owner.id}`, nome: entry.owner.nome, nucleo: null };
  }
}

/** Whether a flock belongs in the ranking: closed in [di, df] (or active on df with ativos), and the filters. */
function selected(lote: Lote, query: ComparativoFilters): boolean {
  if (lote.data_alojamento === null || lote.data_alojamento > query.df) return false;
  const closed = lote.data_encerramento;
  if (closed === null ? query.ativos !== true : closed < query.di || closed > query.df) return false;
  if (query.nucleo_id !== undefined && lote.nucleo_id !== query.nucleo_id) return false;
  if (query.linhagem !== undefined && lote.linhagem.trim().toLocaleLowerCase('pt-BR') !== query.linhagem.trim().toLocaleLowerCase('pt-BR')) return false;
  // A sex: the flocks that placed birds of it.
  if (query.sexo !== undefined && { macho: lote.aves_macho, femea: lote.aves_femea, misto: lote.aves_misto }[query.sexo] <= 0) return false;
  const idade = daysBetween(lote.data_alojamento, closed ?? query.df);
  if (query.idade_min !== undefined && idade < query.idade_min) return false;
  if (query.idade_max !== undefined && idade > query.idade_max) return false;
  return true;
}

/**
 * getcomparativo: every selected flock's indicators (on its closing day, or on df while active),
 * grouped under `por`, ranked by IEP with quartiles; the mean line is bird-weighted over every line.
 */
export async function comparativo(
  deps: {
    flocks: Pick<FlockReads, 'list'>;
    /** The owner's hatchery farms: their lots are no grow-out and are left out. */
    hatcheries: (scope: OwnerScope) => Promise<ReadonlySet<number>>;
    desempenho: (scope: OwnerScope, query: { lote_id: number; data?: string }, parts: DesempenhoParts) => Promise<Desempenho>;
  },
  input: ComparativoInput,
): Promise<Comparativo> {
  const { query, owners } = input;
  if (query.df < query.di) throw AppError.field('df', 'DATE_RANGE_INVALID');
  if (query.idade_min !== undefined && query.idade_max !== undefined && query.idade_max < query.idade_min) throw AppError.field('idade_max', 'FIELD_OUT_OF_RANGE');
  const entries: Entry[] = [];
  for (const { scope, nome } of owners) {
    const hatcheries = await deps.hatcheries(scope);
    const lotes = (await deps.flocks.list(scope)).filter((lote) => !hatcheries.has(lote.nucleo_id) && selected(lote, query));
    for (const lote of lotes) {
      const asOf = lote.data_encerramento ?? query.df;
      const result = await deps.desempenho(scope, { lote_id: lote.id, data: asOf }, { detalhe: query.por === 'aviario' });
      const owner = { id: scope.ownerId, nome };
      const idade = result.idade ?? 0;
      if (query.por === 'aviario') {
        for (const house of result.aviarios) entries.push({ owner, lote, idade, indicadores: house, aviario: { id: house.aviario_id, nome: house.aviario_nome } });
      } else entries.push({ owner, lote, idade, indicadores: result.geral });
    }
  }
  const groups = new Map<string, { group: ReturnType<typeof groupOf>; owner: Entry['owner']; entries: Entry[] }>();
  for (const entry of entries) {
    const group = groupOf(entry, query.por);
    const key = `${entry.owner.id}:${group.chave}`;
    const found = groups.get(key) ?? { group, owner: entry.owner, entries: [] };
    found.entries.push(entry);
    groups.set(key, found);
  }
  const lines = [...groups.values()]
    .map(({ group, owner, entries: own }) => ({ ...group, proprietario: owner, ...figuresOf(own), posicao: null as number | null, quartil: null as number | null }))
    // Equal IEPs rank in name order.
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR', { numeric: true }) || a.chave.localeCompare(b.chave));
  const ranks = rankQuartiles(lines.map((line) => line.iep));
  lines.forEach((line, index) => Object.assign(line, ranks[index]));
  // Ranked lines first, best first; lines without IEP after them (sort is stable: name order).
  lines.sort((a, b) => (a.posicao ?? Infinity) - (b.posicao ?? Infinity));
  return { por: query.por, di: query.di, df: query.df, linhas: lines, media: figuresOf(entries) };
}
