import { Badge } from '@mantine/core';
import { IconChartHistogram, IconPin } from '@tabler/icons-react';
import type { Grafico } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import type { RecordColumn } from '../records/ListTable';
import { listTexts, RecordListPage } from '../records/RecordListPage';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { chartAddPath, chartPath, graficoApi } from './api';
import { periodText } from './period';

/** graficos: the owner's charts, what kind, over which period, how many series each has and which are on the dashboard. */
export default function ChartsListPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const type = (chart: Grafico) => t(`charts.tipo.${chart.tipo}`);
  const period = (chart: Grafico) => periodText(t, chart);
  const pinned = (chart: Grafico) =>
    chart.painel ? (
      <Badge variant="light" color="yellow" tt="none" size="md" w="max-content" leftSection={<IconPin size={12} />} data-testid="chart-pinned">
        {t('charts.list.pinned')}
      </Badge>
    ) : null;
  const columns: RecordColumn<Grafico>[] = [
    { accessor: 'titulo', title: t('charts.list.title') },
    {
      accessor: 'painel',
      title: t('charts.list.pinnedColumn'),
      secondary: true,
      noWrap: true,
      sortValue: (chart) => (chart.painel ? 0 : 1),
      render: pinned,
    },
    {
      accessor: 'tipo',
      title: t('charts.list.type'),
      secondary: true,
      noWrap: true,
      sortValue: type,
      render: (chart) => (
        <Badge variant="light" tt="none" size="md" w="max-content" color={chart.tipo === 'linha' ? 'field' : 'blue'}>
          {type(chart)}
        </Badge>
      ),
    },
    {
      accessor: 'periodo',
      title: t('charts.list.period'),
      secondary: true,
      sortValue: (chart) => (chart.periodo === 'personalizado' ? `~${chart.data_inicio ?? ''}` : Number(chart.periodo)),
      render: period,
    },
    {
      accessor: 'linhas',
      title: t('charts.list.series'),
      textAlign: 'right',
      secondary: true,
      sortValue: (chart) => chart.linhas.length,
      render: (chart) => chart.linhas.length,
    },
  ];
  return (
    <RecordListPage
      route={route}
      api={graficoApi}
      columns={columns}
      searchText={(chart) => [chart.titulo, type(chart), ...chart.linhas.map((linha) => linha.tit)]}
      rowPath={chartPath}
      addPath={chartAddPath}
      rowSubtitle={(chart) => (
        <>
          {[type(chart), period(chart)].join(' · ')}
          <br />
          {t('charts.list.seriesCount', { count: chart.linhas.length })}
          {chart.painel && (
            <>
              <br />
              {pinned(chart)}
            </>
          )}
        </>
      )}
      icon={IconChartHistogram}
      texts={listTexts(t, 'charts.list')}
    />
  );
}
