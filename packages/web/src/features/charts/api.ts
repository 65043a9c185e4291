import { grafico, graficoList, registerGraficoBody, type Grafico, type SerieFonte } from '@portal/shared';
import { recordApi } from '../records/recordApi';

/** Charts (graficos): getgrafico, registergrafico, delgrafico {idgrafico}. */
export const graficoApi = recordApi({
  name: 'grafico',
  get: 'getgrafico',
  register: 'registergrafico',
  del: 'delgrafico',
  idKey: 'idgrafico',
  one: grafico,
  list: graficoList,
  body: registerGraficoBody,
});

/** Which record each kind of series reads (as registerGraficoBody's linhaInput requires). */
export const SOURCE_RECORD: Record<SerieFonte, 'lote_id' | 'padrao_id' | 'silo_id'> = {
  peso_medio: 'lote_id',
  uniformidade: 'lote_id',
  cv: 'lote_id',
  padrao: 'padrao_id',
  saldo_silo: 'silo_id',
  consumo_racao: 'silo_id',
};

export const CHARTS_PATH = '/graficos';
export const chartAddPath = `${CHARTS_PATH}/add`;
export const chartPath = (chart: Pick<Grafico, 'id'>) => `${CHARTS_PATH}/${chart.id}`;
