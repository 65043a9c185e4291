import {
  boxKey,
  computeStats,
  computeStatsParts,
  GRADER_CATEGORIES,
  histogram,
  motivoDe,
  type Estatisticas,
  type JanelaDg,
  type JanelaDia,
  type QualidadeContagem,
  type ReportBox,
  type ReportCategoria,
  type ReportGrupo,
  type ReportLado,
} from '@portal/shared';
import type { ReportRow } from './pesagens.repository.js';
import { comparison, type StandardCurve } from './standard.js';

/** Natural order ('2' before '10', accents folded), the same on every database. */
const collator = new Intl.Collator('pt-BR', { numeric: true, sensitivity: 'base' });
export const naturalCompare = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

const graderIndex = new Map<string, number>(GRADER_CATEGORIES.map((name, index) => [name, index]));
/** Grader categories in their box order (section 9), before any other house name in natural order. */
export function categoryCompare(a: string, b: string): number {
  const ia = graderIndex.get(a);
  const ib = graderIndex.get(b);
  if (ia !== undefined && ib !== undefined) return ia - ib;
  if (ia !== undefined) return -1;
  if (ib !== undefined) return 1;
  return naturalCompare(a, b);
}

/** A growable list of decigrams: 4 bytes a bird instead of a boxed array slot. */
export class WeightList {
  values = new Int32Array(64);
  length = 0;
  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
  view(): Int32Array {
    return this.values.subarray(0, this.length);
  }
}

interface BoxAcc {
  aviario: string;
  lado: string;
  box: string;
  pesos: WeightList;
  scores: Map<number, number>;
  linhas: Set<string>;
  balancas: Set<string>;
  /** The last line and scale added: most rows repeat them, and a comparison is cheaper than hashing. */
  linha: string;
  balanca: string;
  idade: number | null;
  /** Its group's quality window (null: none, all accepted); undefined when the group is not judged. */
  janela: JanelaDg | null | undefined;
  /** Accepted and flagged weighings; null when the group is not judged. */
  qualidade: QualidadeContagem | null;
}

/** A flock-day-sex's quality window as the report applies it (weighings/quality). */
export interface GroupWindow {
  janela: JanelaDg | null;
  wire: JanelaDia;
}

/** The window a group (flock, day, sex text) is judged by; undefined: not judged (its flock's filter is off). */
export type WindowOf = (loteId: number | null, data: string, sexo: string) => GroupWindow | undefined;

interface GroupAcc {
  data: string;
  nucleo_id: number;
  lote_id: number | null;
  sexo: string;
  window: GroupWindow | undefined;
  boxes: Map<string, BoxAcc>;
}

/** What the tree needs to know of the farms, flocks and standards the rows point at. */
export interface ReportCatalog {
  nucleoName(id: number): string;
  loteCode(id: number | null): string;
  /** Days since placement on `data`, when the flock has a placement date. */
  loteAge(id: number | null, data: string): number | null;
  standardOf(id: number | null): StandardCurve | undefined;
  separador: string;
}

const SEP = '\u0000';

/**
 * Groups weighings as the weight report shows them: date | flock | sex → category (aviario) →
 * side (lado) → box. One pass over the rows in any order; each bird costs a few comparisons, a
 * map lookup when its box changes, and 4 bytes.
 */
export function reportTree(windowOf: WindowOf = () => undefined) {
  const groups = new Map<string, GroupAcc>();
  let last: ReportRow | undefined;
  let lastBox: BoxAcc | undefined;

  function boxFor(row: ReportRow): BoxAcc {
    // Weighings come in runs from the same box: skip the lookups while the keys repeat.
    if (
      last !== undefined &&
      row.box === last.box &&
      row.lado === last.lado &&
      row.aviario === last.aviario &&
      row.sexo === last.sexo &&
      row.data === last.data &&
      row.lote_id === last.lote_id &&
      row.nucleo_id === last.nucleo_id
    ) {
      return lastBox!;
    }
    const groupKey = row.data + SEP + row.nucleo_id + SEP + row.lote_id + SEP + row.sexo;
    let group = groups.get(groupKey);
    if (!group) {
      group = { data: row.data, nucleo_id: row.nucleo_id, lote_id: row.lote_id, sexo: row.sexo, window: windowOf(row.lote_id, row.data, row.sexo), boxes: new Map() };
      groups.set(groupKey, group);
    }
    const key = row.aviario + SEP + row.lado + SEP + row.box;
    let box = group.boxes.get(key);
    if (!box) {
      box = {
        aviario: row.aviario,
        lado: row.lado,
        box: row.box,
        pesos: new WeightList(),
        scores: new Map(),
        linhas: new Set([row.linha]),
        balancas: new Set([row.serie_balanca]),
        linha: row.linha,
        balanca: row.serie_balanca,
        idade: null,
        janela: group.window?.janela,
        qualidade: group.window === undefined ? null : { aceitas: 0, parcial: 0, dupla: 0, acima: 0 },
      };
      group.boxes.set(key, box);
    }
    last = row;
    lastBox = box;
    return box;
  }

  return {
    add(row: ReportRow): void {
      const box = boxFor(row);
      if (row.linha !== box.linha) box.linhas.add((box.linha = row.linha));
      if (row.serie_balanca !== box.balanca) box.balancas.add((box.balanca = row.serie_balanca));
      if (row.idade_lote !== null && (box.idade === null || row.idade_lote < box.idade)) box.idade = row.idade_lote;
      if (box.qualidade !== null) {
        // A judged group: a flagged weighing is counted by its reason and left out of every statistic.
        const motivo = motivoDe(row.peso_dg, box.janela!);
        box.qualidade[motivo ?? 'aceitas'] += 1;
        if (motivo !== null) return;
      }
      box.pesos.push(row.peso_dg);
      if (row.score !== null) box.scores.set(row.score, (box.scores.get(row.score) ?? 0) + 1);
    },

    build(catalog: ReportCatalog): { grupos: ReportGrupo[]; total: Estatisticas; qualidade: QualidadeContagem | null; balancas: string[] } {
      const allBoxes: BoxAcc[] = [];
      const balancas = new Set<string>();
      const grupos = [...groups.values()].map((group) => {
        const boxes = [...group.boxes.values()];
        allBoxes.push(...boxes);
        for (const box of boxes) for (const serie of box.balancas) balancas.add(serie);
        return buildGroup(group, boxes, catalog);
      });
      grupos.sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : 0) || naturalCompare(a.lote, b.lote) || naturalCompare(a.sexo, b.sexo) || naturalCompare(a.nome_nucleo, b.nome_nucleo));
      return { grupos, total: statsOf(allBoxes), qualidade: countsOf(allBoxes), balancas: [...balancas].sort(naturalCompare) };
    },
  };
}

function statsOf(boxes: readonly BoxAcc[]): Estatisticas {
  return computeStatsParts(
    boxes.map((box) => box.pesos.view()),
    boxes.map((box) => box.scores),
  );
}

/** The quality counts of some boxes (of judged groups only); null when none is judged. */
function countsOf(boxes: readonly BoxAcc[]): QualidadeContagem | null {
  let total: QualidadeContagem | null = null;
  for (const { qualidade } of boxes) {
    if (qualidade === null) continue;
    total ??= { aceitas: 0, parcial: 0, dupla: 0, acima: 0 };
    total.aceitas += qualidade.aceitas;
    total.parcial += qualidade.parcial;
    total.dupla += qualidade.dupla;
    total.acima += qualidade.acima;
  }
  return total;
}

const sumDg = (stats: Estatisticas) => Math.round(stats.pesoTotal * 10);

function buildGroup(group: GroupAcc, boxes: BoxAcc[], catalog: ReportCatalog): ReportGrupo {
  const lote = catalog.loteCode(group.lote_id);
  // The flock's age from its placement date; without one, what the scales wrote.
  const placedAge = catalog.loteAge(group.lote_id, group.data);
  const rowsAge = boxes.reduce<number | null>((age, box) => (box.idade !== null && (age === null || box.idade < age) ? box.idade : age), null);
  const idade = placedAge ?? rowsAge;
  const curve = catalog.standardOf(group.lote_id);
  const keys = { data: group.data, lote, sexo: group.sexo };

  const byCategory = new Map<string, Map<string, BoxAcc[]>>();
  for (const box of boxes) {
    let sides = byCategory.get(box.aviario);
    if (!sides) byCategory.set(box.aviario, (sides = new Map()));
    const list = sides.get(box.lado);
    if (list) list.push(box);
    else sides.set(box.lado, [box]);
  }

  const categorias: ReportCategoria[] = [...byCategory.entries()]
    .sort(([a], [b]) => categoryCompare(a, b))
    .map(([aviario, sides]) => {
      const lados: ReportLado[] = [...sides.entries()]
        .sort(([a], [b]) => naturalCompare(a, b))
        .map(([lado, list]) => {
          list.sort((a, b) => naturalCompare(a.box, b.box));
          return { ...keys, aviario, lado, stats: statsOf(list), qualidade: countsOf(list), boxes: list.map((box) => buildBox(box, keys, placedAge ?? box.idade, curve, catalog.separador)) };
        });
      const all = [...sides.values()].flat();
      return { ...keys, aviario, stats: statsOf(all), qualidade: countsOf(all), lados };
    });

  const stats = statsOf(boxes);
  return {
    ...keys,
    nucleo_id: group.nucleo_id,
    nome_nucleo: catalog.nucleoName(group.nucleo_id),
    lote_id: group.lote_id,
    idade_lote: idade,
    stats,
    padrao: comparison(curve, idade, sumDg(stats), stats.totalAves),
    qualidade: countsOf(boxes),
    janela: group.window?.wire ?? null,
    categorias,
  };
}

function buildBox(box: BoxAcc, keys: { data: string; lote: string; sexo: string }, idade: number | null, curve: StandardCurve | undefined, separador: string): ReportBox {
  const pesos = box.pesos.view();
  const stats = computeStats(pesos, box.scores);
  return {
    ...keys,
    aviario: box.aviario,
    lado: box.lado,
    box: box.box,
    linha: [...box.linhas].filter((linha) => linha !== '').sort(naturalCompare).join(', '),
    idade_lote: idade,
    key: boxKey([keys.data, keys.lote, keys.sexo, box.aviario, box.lado, box.box], separador),
    balancas: [...box.balancas].sort(naturalCompare),
    stats,
    histograma: histogram(pesos, stats.pesoMedio),
    padrao: comparison(curve, idade, sumDg(stats), stats.totalAves),
    qualidade: box.qualidade,
  };
}
