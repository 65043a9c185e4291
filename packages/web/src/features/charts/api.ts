import { SERIE_RECORD, type Grafico, type GetGraphDataBody } from '@portal/shared';
import { call } from '../../api/client';
import { recordApi } from '../records/recordApi';

/** Charts (graficos): getgrafico, registergrafico, delgrafico {idgrafico}. */
export const graficoApi = recordApi({
  name: 'grafico',
  get: 'getgrafico',
  register: 'registergrafico',
  del: 'delgrafico',
  idKey: 'idgrafico',
});

/** Which record each kind of series reads (as registerGraficoBody's linhaInput requires). */
export const SOURCE_RECORD = SERIE_RECORD;

/** getgraphdata: the chart's series per day over di..df. */
export const fetchGraphData = (body: GetGraphDataBody) => call('getgraphdata', { body });

/** setgraficopainel: pins the chart to the dashboard or unpins it. */
export const setChartPinned = (idgrafico: number, painel: boolean, prop?: number) =>
  call('setgraficopainel', { body: { idgrafico, painel, ...(prop === undefined ? {} : { prop }) } });

export const CHARTS_PATH = '/graficos';
export const chartAddPath = `${CHARTS_PATH}/add`;
export const chartPath = (chart: Pick<Grafico, 'id'>) => `${CHARTS_PATH}/${chart.id}`;
export const chartEditPath = (chart: Pick<Grafico, 'id'>) => `${CHARTS_PATH}/${chart.id}/editar`;
