import { Badge, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { NUCLEO_TIPOS, type Nucleo } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RecordFormFrame, RecordLoader, RecordSection } from '../records/RecordFormPage';
import { useRecordForm } from '../records/recordForm';
import { useNumberFormat } from '../records/useNumberFormat';
import type { ScreenProps, ScreenRoute } from '../../components/screens/ScreenFrame';
import { nucleoApi, SITES_PATH, sitePath } from '../records/farms';
import { HousesEditor } from './HousesEditor';
import { siteBody, siteValues } from './siteForm';

/**
 * nucleos/add and nucleos/:id: one form for the farm and its houses, saved together through
 * registernucleo (one Save, one result; updatenucleomanual is for tools that edit houses alone).
 */
function SiteForm({ route, site }: { route: ScreenRoute; site?: Nucleo }) {
  const { t } = useTranslation();
  const numbers = useNumberFormat();
  const state = useRecordForm({
    api: nucleoApi,
    record: site,
    valuesOf: siteValues,
    toBody: siteBody,
    itemName: (record) => t(`sites.itemName.${record.tipo}`, { name: record.nome }),
    paths: { list: SITES_PATH, detail: sitePath },
  });
  const { form } = state;
  const decimal = { size: 'md', hideControls: true, decimalSeparator: numbers.decimalSeparator, thousandSeparator: '', decimalScale: 6 } as const;

  return (
    <RecordFormFrame
      route={route}
      state={state}
      title={site?.nome}
      badges={
        site && site.lotes_ativos > 0 ? (
          <Badge variant="light" size="lg" tt="none" data-testid="site-active-flocks">
            {t('sites.form.activeFlocks', { count: site.lotes_ativos })}
          </Badge>
        ) : null
      }
    >
      <RecordSection title={t('sites.form.general')}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <TextInput label={t('sites.form.name')} required maxLength={120} autoComplete="off" {...form.getInputProps('nome')} />
          <TextInput
            label={t('sites.form.code')}
            description={t('sites.form.codeHint')}
            maxLength={40}
            autoComplete="off"
            {...form.getInputProps('codigo')}
          />
          <Stack gap={4}>
            <Text component="label" size="md" fw={500} id="site-type-label">
              {t('sites.form.type')}
            </Text>
            <SegmentedControl
              aria-labelledby="site-type-label"
              data={NUCLEO_TIPOS.map((tipo) => ({ value: tipo, label: t(`sites.tipo.${tipo}`) }))}
              size="md"
              fullWidth
              {...form.getInputProps('tipo')}
            />
            <Text size="sm" c="dimmed">
              {t('sites.form.typeHint')}
            </Text>
          </Stack>
        </SimpleGrid>
      </RecordSection>

      <HousesEditor form={form} disabled={!state.owner.canWrite} />

      <RecordSection title={t('sites.form.location')}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <TextInput label={t('sites.form.address')} maxLength={200} autoComplete="street-address" {...form.getInputProps('endereco')} />
          <TextInput label={t('sites.form.city')} maxLength={120} autoComplete="address-level2" {...form.getInputProps('cidade')} />
          <TextInput label={t('sites.form.state')} maxLength={60} autoComplete="address-level1" {...form.getInputProps('estado')} />
          <TextInput label={t('sites.form.country')} maxLength={60} autoComplete="country-name" {...form.getInputProps('pais')} />
          <NumberInput label={t('sites.form.latitude')} min={-90} max={90} {...decimal} {...form.getInputProps('latitude')} />
          <NumberInput
            label={t('sites.form.longitude')}
            description={t('sites.form.coordinatesHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            min={-180}
            max={180}
            {...decimal}
            {...form.getInputProps('longitude')}
          />
        </SimpleGrid>
      </RecordSection>

      <RecordSection title={t('sites.form.notes')}>
        <Textarea size="md" autosize minRows={3} maxRows={10} maxLength={2000} aria-label={t('sites.form.notes')} {...form.getInputProps('obs')} />
      </RecordSection>
    </RecordFormFrame>
  );
}

/** nucleos/add (no id in the url) and nucleos/:id. */
export default function SitePage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { id } = useParams();
  if (id === undefined) return <SiteForm route={route} />;
  return (
    <RecordLoader route={route} api={nucleoApi} listPath={SITES_PATH} notFound={t('sites.form.notFound')}>
      {(site) => <SiteForm route={route} site={site} />}
    </RecordLoader>
  );
}
