import { SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { GRAFICO_PERIODOS, GRAFICO_TIPOS, type Grafico } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DateInput } from '../../components/DateInput';
import { dateInputProps } from '../records/dates';
import { RecordFormFrame, RecordLoader, RecordSection } from '../records/RecordFormPage';
import { useRecordForm } from '../records/recordForm';
import type { ScreenProps, ScreenRoute } from '../../components/screens/ScreenFrame';
import { CHARTS_PATH, chartPath, graficoApi } from './api';
import { chartBody, chartValues } from './chartForm';
import { SeriesEditor } from './SeriesEditor';

/**
 * graficos/add and graficos/:id/editar: what a chart plots (title, line or bars, period, series).
 * Saving opens the chart drawn with its data (ChartViewPage).
 * Test ids: the inputs' `field-<name>` and SeriesEditor's.
 */
function ChartForm({ route, chart }: { route: ScreenRoute; chart?: Grafico }) {
  const { t } = useTranslation();
  const state = useRecordForm({
    api: graficoApi,
    record: chart,
    valuesOf: chartValues,
    toBody: chartBody,
    itemName: (record) => t('charts.itemName', { title: record.titulo }),
    paths: { list: CHARTS_PATH, detail: chartPath },
  });
  const { form } = state;
  const custom = form.values.periodo === 'personalizado';

  return (
    <RecordFormFrame route={route} state={state} title={chart?.titulo}>
      <RecordSection title={t('charts.form.general')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TextInput label={t('charts.form.title')} required maxLength={120} autoComplete="off" {...form.getInputProps('titulo')} />
            <Stack gap={4}>
              <Text component="label" size="md" fw={500} id="chart-type-label">
                {t('charts.form.type')}
              </Text>
              <SegmentedControl
                aria-labelledby="chart-type-label"
                data={GRAFICO_TIPOS.map((tipo) => ({ value: tipo, label: t(`charts.tipo.${tipo}`) }))}
                size="md"
                fullWidth
                {...form.getInputProps('tipo')}
              />
            </Stack>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: custom ? 3 : 2 }} spacing="md">
            <Select
              label={t('charts.form.period')}
              data={GRAFICO_PERIODOS.map((periodo) => ({ value: periodo, label: t(`charts.periodo.${periodo}`) }))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('periodo')}
            />
            {custom && (
              <>
                <DateInput size="md" label={t('charts.form.from')} required {...dateInputProps(form, 'data_inicio')} />
                <DateInput size="md" label={t('charts.form.to')} required {...dateInputProps(form, 'data_fim')} />
              </>
            )}
          </SimpleGrid>
        </Stack>
      </RecordSection>

      <SeriesEditor form={form} disabled={!state.owner.canWrite} />
    </RecordFormFrame>
  );
}

/** graficos/add (no id in the url) and graficos/:id/editar. */
export default function ChartPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { id } = useParams();
  if (id === undefined) return <ChartForm route={route} />;
  return (
    <RecordLoader route={route} api={graficoApi} listPath={CHARTS_PATH} notFound={t('charts.form.notFound')}>
      {(chart) => <ChartForm route={route} chart={chart} />}
    </RecordLoader>
  );
}
