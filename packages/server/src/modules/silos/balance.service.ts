import {
  SILO_CHART_POINTS,
  deviceLabel,
  detectDeliveries,
  filterSiloSeries,
  localDayRange,
  siloDays,
  timezoneOffsetMs,
  type ConfirmEntregaResponse,
  type DetectedDelivery,
  type SiloEntrega,
  type SiloLeiturasResponse,
  type confirmEntregaBody,
  localDate,
} from '@portal/shared';
import type { z } from 'zod';
import { AppError } from '../../http/errors.js';
import type { AccountReads } from '../accounts/index.js';
import { inReach, type OwnerScope } from '../permissions/index.js';
import { DECISION_MATCH_BEFORE_MS, decisionOf, downsampleMinMax, movementDays, situacaoOf } from './balance.days.js';
import type { MovementsRepository } from './movements.repository.js';
import type { DeliveryRow, SiloReadingsRepository } from './readings.repository.js';
import { latestScaleLevel } from './readings.service.js';
import { toKg, toTenths } from './service.js';
import type { SiloDetails, SilosRepository } from './silos.repository.js';

const DAY_MS = 86_400_000;
/** Readings around the asked range, so the levels at its edges and a delivery across them are known. */
const MARGIN_MS = DAY_MS;

type ConfirmBody = z.output<typeof confirmEntregaBody>;

const pad = (value: number) => String(value).padStart(2, '0');

/** "dd/mm/yyyy hh:mm" in the owner's timezone, for the movement's note. */
function localStamp(at: number, timezone: number): string {
  const local = new Date(at + timezoneOffsetMs(timezone));
  return `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/**
 * A detected delivery with its decision. `recordedHg`: what the confirming movement recorded; it is
 * corrected when that differs from the detected amount the decision stored (silo_entregas.quantidade_hg).
 */
function toEntrega(delivery: DetectedDelivery, row: DeliveryRow | undefined, recordedHg: number | undefined): SiloEntrega {
  const situacao = situacaoOf(row);
  const confirmed = situacao === 'confirmada' && row !== undefined && recordedHg !== undefined;
  return {
    ...delivery,
    situacao,
    movimento_id: situacao === 'confirmada' ? (row?.movimento_id ?? null) : null,
    quantidade_confirmada_kg: confirmed ? toKg(recordedHg) : null,
    corrigida: confirmed && recordedHg !== row.quantidade_hg,
  };
}

/** The movement's note: where the delivery came from, and what the scale showed when the operator's amount differs. */
function deliveryNote(delivery: DetectedDelivery, recordedHg: number, timezone: number): string {
  const detected = `Entrega detectada pela balança do silo (${localStamp(delivery.ate, timezone)}).`;
  if (recordedHg === toTenths(delivery.quantidade_kg)) return detected;
  return `${detected} Quantidade corrigida; a balança mostrou ${String(delivery.quantidade_kg).replace('.', ',')} kg.`;
}

/**
 * Silo balance (getsiloleituras, confirmentrega): a scale's readings turned into days and
 * deliveries (feed/silo.ts), the user's decisions on those deliveries, and for a silo without a
 * scale the days its movements give.
 */
export function siloBalanceService(deps: { silos: SilosRepository; movements: MovementsRepository; readings: SiloReadingsRepository; accounts: Pick<AccountReads, 'timezoneOf'>; clock: () => number }) {
  const { silos, movements, readings, accounts, clock } = deps;

  async function load(scope: OwnerScope, id: number): Promise<SiloDetails> {
    return inReach(scope, await silos.find(scope.ownerId, id));
  }

  const timezoneOf = (ownerId: number): Promise<number> => accounts.timezoneOf(ownerId);

  const options = (silo: SiloDetails) => ({ capacidadeKg: toKg(silo.capacidade_hg) });

  return {
    async leituras(scope: OwnerScope, query: { id: number; di: string; df: string }): Promise<SiloLeiturasResponse> {
      const silo = await load(scope, query.id);
      const timezone = await timezoneOf(scope.ownerId);
      const head = {
        silo: { id: silo.id, nome: silo.nome, capacidade_kg: toKg(silo.capacidade_hg) },
        device: silo.device_id !== null && silo.device ? { id: silo.device_id, nome: deviceLabel(silo.device) } : null,
        di: query.di,
        df: query.df,
        timezone,
      };
      if (silo.device_id === null) {
        return {
          ...head,
          fonte: 'movimentos',
          saldo_kg: toKg(silo.saldo_hg),
          leitura_em: null,
          leituras: [],
          dias: movementDays(await movements.touching([silo.id]), silo.id, query.di, query.df),
          entregas: [],
        };
      }
      const { from, to } = localDayRange(query.di, query.df, timezone);
      const samples = await readings.between(scope.ownerId, silo.device_id, from - MARGIN_MS, to + MARGIN_MS);
      const shown = filterSiloSeries(samples).filter((sample) => sample.em >= from && sample.em < to);
      const detected = detectDeliveries(samples, options(silo)).filter((delivery) => delivery.em >= from && delivery.em < to);
      const rows = await readings.decisions(silo.id, from - MARGIN_MS, to + MARGIN_MS);
      const recorded = await movements.quantities(rows.flatMap((row) => (row.movimento_id === null ? [] : [row.movimento_id])));
      const balance = await latestScaleLevel(readings, scope.ownerId, silo.device_id);
      return {
        ...head,
        fonte: 'balanca',
        saldo_kg: balance?.kg ?? null,
        leitura_em: balance?.em ?? null,
        leituras: downsampleMinMax(shown, SILO_CHART_POINTS),
        dias: siloDays(samples, query, timezone, options(silo)),
        entregas: detected.map((delivery) => {
          const row = decisionOf(delivery, rows);
          return toEntrega(delivery, row, row && row.movimento_id !== null ? recorded.get(row.movimento_id) : undefined);
        }),
      };
    },

    /**
     * Confirms (an 'entrada' movement on the local date of the jump, with the operator's quantity
     * when given, else the detected one) or dismisses a delivery the scale's readings show at `em`. Refused: a silo out of reach
     * (404), no such delivery (SILO_DELIVERY_NOT_FOUND), one decided before (SILO_DELIVERY_DECIDED).
     */
    async decide(scope: OwnerScope, body: ConfirmBody): Promise<ConfirmEntregaResponse> {
      const silo = await load(scope, body.idsilo);
      if (silo.device_id === null) throw AppError.field('em', 'SILO_DELIVERY_NOT_FOUND');
      const timezone = await timezoneOf(scope.ownerId);
      const samples = await readings.between(scope.ownerId, silo.device_id, body.em - 2 * MARGIN_MS, body.em + MARGIN_MS);
      const delivery = detectDeliveries(samples, options(silo)).find((found) => body.em >= found.em - DECISION_MATCH_BEFORE_MS && body.em <= found.ate);
      if (!delivery) throw AppError.field('em', 'SILO_DELIVERY_NOT_FOUND');
      const now = clock();
      const recordedHg = toTenths(body.quantidade_kg ?? delivery.quantidade_kg);
      // An entrada only adds (the schema keeps the amount above 0): no balance can go negative by it.
      const movement = body.confirmar
        ? {
            silo_id: silo.id,
            tipo: 'entrada',
            data: localDate(delivery.em, timezone),
            quantidade_hg: recordedHg,
            silo_destino_id: null,
            nota_fiscal: '',
            obs: deliveryNote(delivery, recordedHg, timezone),
            created_at: now,
          }
        : null;
      const row = await readings.decide({
        siloId: silo.id,
        window: { from: delivery.em - DECISION_MATCH_BEFORE_MS, to: delivery.ate },
        em: delivery.em,
        quantidade_hg: toTenths(delivery.quantidade_kg),
        movement,
        now,
      });
      if (!row) throw new AppError('SILO_DELIVERY_DECIDED');
      return { ok: true, entrega: toEntrega(delivery, row, movement ? recordedHg : undefined) };
    },
  };
}
export type SiloBalanceService = ReturnType<typeof siloBalanceService>;
