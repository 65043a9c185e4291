import type { AlarmeRegras } from '@portal/shared';
import type { FlocksService } from '../../flocks/index.js';
import { reachesFarm, type OwnerScope } from '../../permissions/index.js';
import type { WeighingsService } from '../../weighings/index.js';
import type { AlarmRow } from '../alarms.repository.js';
import { shiftDay } from './audience.js';

/** What the morning digest tells, for the farms the user reads and chose. */
export interface DigestContent {
  /** Alarms not cleared, most urgent first (silo_fim ones are the silos to refill). */
  alarms: AlarmRow[];
  /** Active flocks whose latest weighing day is below the farm's lote_atrasado threshold. */
  behind: { codigo: string; farm: string; data: string; peso_g: number; pct_padrao: number }[];
  /** Yesterday's daily records of each active flock; null: nothing recorded. */
  mortality: { codigo: string; farm: string; mortos: number; eliminados: number; aves_alojadas: number; recorded: boolean }[];
  /** Scales that weighed yesterday under half their daily mean of the week before. */
  scales: { serie: string; farm: string; ontem: number; media: number }[];
  yesterday: string;
}

/** Days before yesterday a scale's usual daily count is taken over. */
const SCALE_BASELINE_DAYS = 7;
/** A scale is short when yesterday's birds are under this share of its usual day. */
const SCALE_SHORT_SHARE = 0.5;
const URGENCY = { critico: 0, alerta: 1, aviso: 2 } as const;

export interface DigestReads {
  flocks: Pick<FlocksService, 'list' | 'dailyOf'>;
  weighings: Pick<WeighingsService, 'dashboard' | 'scaleDays'>;
}

/**
 * Gathers the digest from the other modules' services, as the user reads the owner (`scope`)
 * narrowed to the farms it chose (`chosen`, null: all).
 */
export async function digestContent(
  reads: DigestReads,
  input: { scope: OwnerScope; chosen: readonly number[] | null; openAlarms: readonly AlarmRow[]; rulesFor: (nucleoId: number | null) => AlarmeRegras; today: string },
): Promise<DigestContent> {
  const { scope, chosen } = input;
  const inView = (nucleoId: number | null) => reachesFarm(scope, nucleoId) && (chosen === null || nucleoId === null || chosen.includes(nucleoId));
  const yesterday = shiftDay(input.today, -1);
  const alarms = input.openAlarms.filter((alarm) => inView(alarm.nucleo_id)).sort((a, b) => URGENCY[a.severidade] - URGENCY[b.severidade] || a.aberto_em - b.aberto_em);
  const active = (await reads.flocks.list(scope)).filter((lote) => lote.data_encerramento === null && inView(lote.nucleo_id));
  const byId = new Map(active.map((lote) => [lote.id, lote]));

  const behind: DigestContent['behind'] = [];
  for (const tile of (await reads.weighings.dashboard(scope)).lotes) {
    const lote = byId.get(tile.lote_id);
    const pct = tile.ultima?.percentPadrao ?? null;
    if (!lote || !tile.ultima || tile.ultima.pesoMedio === null || pct === null || pct >= input.rulesFor(lote.nucleo_id).lote_atrasado.pct_padrao) continue;
    behind.push({ codigo: lote.codigo, farm: lote.nucleo_nome, data: tile.ultima.data, peso_g: tile.ultima.pesoMedio, pct_padrao: pct });
  }

  const mortality: DigestContent['mortality'] = [];
  for (const lote of active) {
    const days = (await reads.flocks.dailyOf(scope.ownerId, lote.id)).filter((day) => day.data === yesterday);
    mortality.push({
      codigo: lote.codigo,
      farm: lote.nucleo_nome,
      mortos: days.reduce((sum, day) => sum + day.mortos, 0),
      eliminados: days.reduce((sum, day) => sum + day.eliminados, 0),
      aves_alojadas: lote.aves_alojadas,
      recorded: days.length > 0,
    });
  }

  return { alarms, behind, mortality, scales: await shortScales(reads, scope.ownerId, inView, yesterday, active), yesterday };
}

/** Scales whose birds yesterday were under SCALE_SHORT_SHARE of their mean day over the SCALE_BASELINE_DAYS before. */
async function shortScales(
  reads: DigestReads,
  ownerId: number,
  inView: (nucleoId: number | null) => boolean,
  yesterday: string,
  active: readonly { nucleo_id: number; nucleo_nome: string }[],
): Promise<DigestContent['scales']> {
  const farmNames = new Map(active.map((lote) => [lote.nucleo_id, lote.nucleo_nome]));
  const perScale = new Map<string, { serie: string; nucleo_id: number; days: Map<string, number> }>();
  for (const row of await reads.weighings.scaleDays(ownerId, shiftDay(yesterday, -SCALE_BASELINE_DAYS), yesterday)) {
    if (!inView(row.nucleo_id)) continue;
    const key = `${row.nucleo_id}\u0000${row.serie_balanca}`;
    const scale = perScale.get(key) ?? { serie: row.serie_balanca, nucleo_id: row.nucleo_id, days: new Map<string, number>() };
    scale.days.set(row.data, (scale.days.get(row.data) ?? 0) + row.aves);
    perScale.set(key, scale);
  }
  const short: DigestContent['scales'] = [];
  for (const scale of perScale.values()) {
    const before = [...scale.days].filter(([data]) => data < yesterday).map(([, aves]) => aves);
    if (before.length === 0) continue;
    const media = before.reduce((sum, aves) => sum + aves, 0) / before.length;
    const ontem = scale.days.get(yesterday) ?? 0;
    if (ontem < SCALE_SHORT_SHARE * media) short.push({ serie: scale.serie, farm: farmNames.get(scale.nucleo_id) ?? '', ontem, media: Math.round(media) });
  }
  return short;
}
