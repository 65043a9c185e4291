import { randomId } from '@mantine/hooks';
import type { Grafico, SerieFonte } from '@portal/shared';
import { isoToMasked, optionalDate } from '../records/dates';
import { optionalId, requiredId } from '../records/formValues';
import type { RecordBody } from '../records/recordApi';
import { SOURCE_RECORD, type graficoApi } from './api';

/** One series (linha) of the editor. The record Selects hold ids as text, '' when none is chosen. */
export interface SeriesValues {
  key: string;
  tit: string;
  fonte: SerieFonte;
  lote_id: string;
  padrao_id: string;
  silo_id: string;
  device_id: string;
}

export interface ChartValues {
  titulo: string;
  tipo: Grafico['tipo'];
  periodo: Grafico['periodo'];
  /** dd/mm/yyyy as typed; used only for a custom period. */
  data_inicio: string;
  data_fim: string;
  linhas: SeriesValues[];
}

export const MAX_SERIES = 10;

export const newSeries = (): SeriesValues => ({ key: randomId(), tit: '', fonte: 'peso_medio', lote_id: '', padrao_id: '', silo_id: '', device_id: '' });

const idText = (id: number | null) => (id === null ? '' : String(id));

/** The form of a stored chart, or of a new one (with one series to fill). */
export function chartValues(chart?: Grafico): ChartValues {
  return {
    titulo: chart?.titulo ?? '',
    tipo: chart?.tipo ?? 'linha',
    periodo: chart?.periodo ?? '30',
    data_inicio: isoToMasked(chart?.data_inicio),
    data_fim: isoToMasked(chart?.data_fim),
    linhas: chart
      ? chart.linhas.map((linha) => ({
          key: randomId(),
          tit: linha.tit,
          fonte: linha.fonte,
          lote_id: idText(linha.lote_id),
          padrao_id: idText(linha.padrao_id),
          silo_id: idText(linha.silo_id),
          device_id: idText(linha.device_id),
        }))
      : [newSeries()],
  };
}

/** registergrafico's body (without painel: an edit keeps the pin, set on the chart page): each series names only the record its source reads (a standard may also name the flock whose age places it). */
export function chartBody(values: ChartValues): RecordBody<(typeof graficoApi)['body']> {
  const custom = values.periodo === 'personalizado';
  return {
    titulo: values.titulo,
    tipo: values.tipo,
    periodo: values.periodo,
    data_inicio: custom ? optionalDate(values.data_inicio) : null,
    data_fim: custom ? optionalDate(values.data_fim) : null,
    linhas: values.linhas.map((linha) => {
      const needed = SOURCE_RECORD[linha.fonte];
      const id = (field: 'lote_id' | 'padrao_id' | 'silo_id' | 'device_id') => (field === needed ? requiredId(linha[field]) : null);
      return {
        tit: linha.tit,
        fonte: linha.fonte,
        device_id: id('device_id'),
        lote_id: linha.fonte === 'padrao' ? optionalId(linha.lote_id) : id('lote_id'),
        padrao_id: id('padrao_id'),
        silo_id: id('silo_id'),
      };
    }),
  };
}
