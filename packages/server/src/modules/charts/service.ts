import { MODEL_MESSAGES, SERIE_DEVICE_MESSAGE, type DeviceModel, type Grafico, type registerGraficoBody } from '@portal/shared';
import type { z } from 'zod';
import { AppError } from '../../http/errors.js';
import type { RecordService } from '../../http/record-calls.js';
import { requireWholeAccount, type OwnerScope } from '../permissions/index.js';
import type { DevicesService } from '../devices/index.js';
import type { UsageRegistry } from '../usage-checks.js';
import type { ChartLineColumn, GraficoWithLines, GraficosRepository, LinhaValues } from './graficos.repository.js';

type GraficoBody = z.output<typeof registerGraficoBody>;

const LINE_COLUMNS: readonly ChartLineColumn[] = ['lote_id', 'silo_id', 'padrao_id', 'device_id'];

const iso = (ms: number) => new Date(ms).toISOString();

function toGrafico(row: GraficoWithLines): Grafico {
  return {
    id: row.id,
    prop: row.owner_id,
    titulo: row.titulo,
    tipo: row.tipo as Grafico['tipo'],
    periodo: row.periodo as Grafico['periodo'],
    data_inicio: row.data_inicio,
    data_fim: row.data_fim,
    painel: row.painel === 1,
    linhas: row.linhas.map(({ tit, fonte, device_id, lote_id, silo_id, padrao_id }) => ({
      tit,
      fonte: fonte as Grafico['linhas'][number]['fonte'],
      device_id,
      lote_id,
      silo_id,
      padrao_id,
    })),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const byTitle = (a: GraficoWithLines, b: GraficoWithLines) => a.titulo.localeCompare(b.titulo, 'pt-BR', { numeric: true }) || a.id - b.id;

/**
 * Charts (graficos): the definition only (title, type, date range, lines); getgraphdata draws them.
 * Charts belong to the whole account, not to a farm. A grant limited to some farms therefore
 * does not reach them: its reads see no charts (an empty list, 404 for an id, as for any record
 * outside its farms, so the charts screen still opens), and its writes answer 403.
 */
export function chartsService(deps: {
  graficos: GraficosRepository;
  clock: () => number;
  /** The owners of what a line plots: a flock, standard or silo a chart line plots cannot be deleted. */
  plotted: { flocks: UsageRegistry; standards: UsageRegistry; silos: UsageRegistry };
  /** Devices: a device series must suit its device's model; a device a chart line plots cannot be deleted. */
  devices: Pick<DevicesService, 'modelOf' | 'registerUsageCheck'>;
}) {
  const { graficos, clock, plotted, devices } = deps;
  const owners: [UsageRegistry, ChartLineColumn][] = [
    [plotted.flocks, 'lote_id'],
    [plotted.standards, 'padrao_id'],
    [plotted.silos, 'silo_id'],
  ];
  for (const [owner, column] of owners) owner.registerUsageCheck((id) => graficos.chartLinesUsing(column, id));
  devices.registerUsageCheck((device) => graficos.chartLinesUsing('device_id', device.id));

  async function load(scope: OwnerScope, id: number): Promise<GraficoWithLines> {
    const row = scope.nucleos === null ? await graficos.find(scope.ownerId, id) : undefined;
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Every record a line names must be the owner's. */
  async function checkLines(ownerId: number, linhas: LinhaValues[]): Promise<void> {
    for (const column of LINE_COLUMNS) {
      const named = linhas.map((linha) => linha[column] ?? null);
      const owned = await graficos.ownedIds(ownerId, column, [...new Set(named.filter((id) => id !== null))]);
      const index = named.findIndex((id) => id !== null && !owned.has(id));
      if (index >= 0) throw AppError.field(`linhas.${index}.${column}`, 'FIELD_INVALID');
    }
    // A device series reads one kind of readings: its device must send them.
    for (const [index, linha] of linhas.entries()) {
      const message = SERIE_DEVICE_MESSAGE[linha.fonte as keyof typeof SERIE_DEVICE_MESSAGE];
      if (message === undefined || linha.device_id == null) continue;
      const modelo = await devices.modelOf(ownerId, linha.device_id);
      if (!MODEL_MESSAGES[modelo as DeviceModel]?.includes(message)) throw AppError.field(`linhas.${index}.device_id`, 'DEVICE_MODEL_NOT_ALLOWED');
    }
  }

  const service = {
    async list(scope: OwnerScope): Promise<Grafico[]> {
      if (scope.nucleos !== null) return [];
      return (await graficos.list(scope.ownerId)).sort(byTitle).map(toGrafico);
    },

    async get(scope: OwnerScope, id: number): Promise<Grafico> {
      return toGrafico(await load(scope, id));
    },

    async save(scope: OwnerScope, body: GraficoBody): Promise<Grafico> {
      requireWholeAccount(scope);
      const { id, prop: _prop, linhas, painel, ...fields } = body;
      const current = id === undefined ? undefined : await load(scope, id);
      await checkLines(scope.ownerId, linhas);
      // Fixed dates mean something only for a custom range; stored otherwise they could contradict it.
      const custom = fields.periodo === 'personalizado';
      // Pinning is kept on an edit that does not mention it.
      const pinned = painel === undefined ? (current?.painel ?? 0) : painel ? 1 : 0;
      const values = { ...fields, data_inicio: custom ? fields.data_inicio : null, data_fim: custom ? fields.data_fim : null, painel: pinned };
      const now = clock();
      const savedId = current ? current.id : await graficos.insert(scope.ownerId, values, linhas, now);
      if (current) await graficos.update(scope.ownerId, current.id, values, linhas, now);
      return toGrafico(await load(scope, savedId));
    },

    /** setgraficopainel: pins the chart to the dashboard or unpins it. */
    async setPainel(scope: OwnerScope, id: number, painel: boolean): Promise<Grafico> {
      requireWholeAccount(scope);
      const current = await load(scope, id);
      await graficos.setPainel(scope.ownerId, current.id, painel, clock());
      return toGrafico(await load(scope, current.id));
    },

    async remove(scope: OwnerScope, id: number): Promise<void> {
      requireWholeAccount(scope);
      const current = await load(scope, id);
      await graficos.remove(scope.ownerId, current.id);
    },
  } satisfies RecordService<GraficoBody, Grafico> & Record<string, unknown>;
  return service;
}
export type ChartsService = ReturnType<typeof chartsService>;
