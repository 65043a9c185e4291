import { z } from 'zod';
import { diario } from './performance/daily.js';
import { nucleo } from './records/farms.js';
import { lote } from './records/flocks.js';
import { DADOS_INTEGRACAO } from './records/integrations.js';
import { MOVIMENTO_TIPOS, silo } from './records/silos.js';

/**
 * The exported JSON of issue 21 (docs/integrations.md): one page per POST, carrying items of one
 * kind (`dado`). Each owning server module answers its kind's rows changed after a cursor; the
 * integrations module pages, signs and sends them. Item schemas per kind follow below.
 */

/** A position in one kind's change order: rows after (at, id), ordered by change time then id. */
export interface ExportCursor {
  /** Change time (epoch ms): updated_at for records, created_at for weighings and movements. */
  at: number;
  /** The row's id, to order rows changed in the same millisecond. */
  id: number;
}

/** One page of one kind: its items (wire shape) and the cursor of the last one (null: none after `after`). */
export interface ExportPage<Item = unknown> {
  itens: Item[];
  last: ExportCursor | null;
}

/** A kind of data an export sends (one `dado` per page). */
export type DadoIntegracao = (typeof DADOS_INTEGRACAO)[number];

/*
 * The items of each kind, as sent (wire names as the portal's own records). Every item carries its
 * id; records carry created_at/updated_at (ISO), weighings and feed movements created_at: the
 * cursor's `ate` is the change time of the page's last item. Version 1 sends rows created or
 * changed, never deletions.
 */

/** nucleos: a farm with its houses (a change to a house changes its farm). */
export const nucleoExportItem = nucleo.omit({ prop: true, lotes_ativos: true });
export type NucleoExportItem = z.infer<typeof nucleoExportItem>;

/** lotes: a flock as registered (sums of its daily records travel as `mortalidade` items). */
export const loteExportItem = lote.pick({
  id: true, codigo: true, nucleo_id: true, aviarios: true, data_alojamento: true, linhagem: true, padrao_id: true,
  aves_macho: true, aves_femea: true, aves_misto: true, data_encerramento: true, obs: true, fechamento: true, created_at: true, updated_at: true,
});
export type LoteExportItem = z.infer<typeof loteExportItem>;

/** silos: a silo as registered (its balance is the sum of its `racao` movements). */
export const siloExportItem = silo.pick({
  id: true, nome: true, nucleo_id: true, capacidade_kg: true, tipo_racao: true, device_id: true, aviarios: true, obs: true, created_at: true, updated_at: true,
});
export type SiloExportItem = z.infer<typeof siloExportItem>;

/** racao: a feed movement of a silo (delivery, consumption, transfer, adjustment), as stored once. */
export const racaoExportItem = z.object({
  id: z.number().int(),
  silo_id: z.number().int(),
  tipo: z.enum(MOVIMENTO_TIPOS),
  /** The movement's day (YYYY-MM-DD). */
  data: z.string(),
  /** Signed effect on silo_id, kg (a delivery positive, a consumption negative); a transfer adds the opposite to silo_destino_id. */
  quantidade_kg: z.number(),
  silo_destino_id: z.number().int().nullable(),
  nota_fiscal: z.string(),
  obs: z.string(),
  created_at: z.string(),
});
export type RacaoExportItem = z.infer<typeof racaoExportItem>;

/** mortalidade: a daily house record of a flock (deaths by cause, culls, birds moved, water, temperatures). */
export const mortalidadeExportItem = diario.pick({
  id: true, lote_id: true, aviario_id: true, data: true, mortalidade: true, mortos: true, eliminados: true, entradas: true, saidas: true,
  agua_l: true, temp_min: true, temp_max: true, obs: true, created_at: true, updated_at: true,
});
export type MortalidadeExportItem = z.infer<typeof mortalidadeExportItem>;

/** pesagens: one weighed bird (or a grader's category), as the scale or file recorded it. */
export const pesagemExportItem = z.object({
  id: z.number().int(),
  nucleo_id: z.number().int(),
  lote_id: z.number().int().nullable(),
  /** The device that sent it (null: from a file or a manual weighing). */
  device_id: z.number().int().nullable(),
  serie_balanca: z.string(),
  aviario: z.string(),
  lado: z.string(),
  caixa: z.string(),
  sexo: z.string(),
  /** Grams, one decimal. */
  peso_g: z.number(),
  /** The farm's local date and time as the scale recorded it (YYYY-MM-DDTHH:MM:SS, no offset). */
  data_hora: z.string(),
  /** The flock's age in days at the weighing, when known. */
  idade: z.number().int().nullable(),
  score: z.number().int().nullable(),
  /** The file import that stored it (null: a device or a manual weighing). */
  importacao_id: z.number().int().nullable(),
  /** When the portal stored it (ISO): the cursor's order. */
  created_at: z.string(),
});
export type PesagemExportItem = z.infer<typeof pesagemExportItem>;

/** Each kind's item schema (docs, tests and receivers validating a page's `itens`). */
export const EXPORT_ITEM_SCHEMAS = {
  nucleos: nucleoExportItem,
  lotes: loteExportItem,
  silos: siloExportItem,
  racao: racaoExportItem,
  mortalidade: mortalidadeExportItem,
  pesagens: pesagemExportItem,
} as const satisfies Record<DadoIntegracao, z.ZodType>;
