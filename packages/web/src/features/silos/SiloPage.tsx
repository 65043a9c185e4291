import { Autocomplete, MultiSelect, NumberInput, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { SILO_DEVICE_MODELS, type Silo } from '@portal/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useFarmOptions } from '../records/links';
import { DeviceSelect, FarmSelect } from '../records/LinkSelects';
import { RecordFormFrame, RecordLoader, RecordSection } from '../records/RecordFormPage';
import { useRecordForm } from '../records/recordForm';
import { useRecordList } from '../records/recordApi';
import { errorLabel, fieldTestId } from '../records/schemaForm';
import { useNumberFormat } from '../records/useNumberFormat';
import type { ScreenProps, ScreenRoute } from '../../components/screens/ScreenFrame';
import { siloApi, siloPath, SILOS_PATH } from './api';
import { SiloStock } from './SiloStock';
import { siloBody, siloValues } from './siloForm';

/**
 * silos/add and silos/:id: the silo's data (farm, capacity, feed type, scale, houses served);
 * on the detail page first its balance and feed movements (SiloStock).
 */
function SiloForm({ route, silo }: { route: ScreenRoute; silo?: Silo }) {
  const { t } = useTranslation();
  const numbers = useNumberFormat();
  const farms = useFarmOptions();
  const silos = useRecordList(siloApi);
  const state = useRecordForm({
    api: siloApi,
    record: silo,
    valuesOf: siloValues,
    toBody: siloBody,
    itemName: (record) => t('silos.itemName', { name: record.nome }),
    paths: { list: SILOS_PATH, detail: siloPath },
  });
  const { form } = state;
  const farmId = form.values.nucleo_id;
  const houses = farms.housesOf(farmId);

  // Feed types already used on other silos, offered as the user types.
  const feedTypes = useMemo(
    () => [...new Set((silos.data ?? []).map((entry) => entry.tipo_racao.trim()).filter(Boolean))].sort(),
    [silos.data],
  );
  const housesError = state.errorOf('aviarios') ?? Object.keys(form.errors).filter((path) => path.startsWith('aviarios.')).map(state.errorOf)[0];

  return (
    <RecordFormFrame route={route} state={state} title={silo?.nome}>
      {silo && <SiloStock silo={silo} canWrite={state.owner.canWrite} />}

      <RecordSection title={t('silos.form.general')}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <TextInput label={t('silos.form.name')} required maxLength={60} autoComplete="off" {...form.getInputProps('nome')} />
          <FarmSelect
            form={form}
            farms={farms}
            texts="silos.form"
            required
            nothingFoundMessage={t('silos.form.noFarms')}
            // Houses belong to one farm: another farm starts with none chosen.
            onFarmChange={() => form.setFieldValue('aviarios', [])}
          />
          <NumberInput
            label={t('silos.form.capacity')}
            description={t('silos.form.capacityHint')}
            required
            min={0}
            max={10_000_000}
            decimalScale={1}
            allowNegative={false}
            hideControls
            thousandSeparator={numbers.thousandSeparator}
            decimalSeparator={numbers.decimalSeparator}
            rightSection={<Text size="sm" c="dimmed">{t('silos.kgUnit')}</Text>}
            rightSectionWidth={44}
            size="md"
            {...form.getInputProps('capacidade_kg')}
          />
          <Autocomplete
            label={t('silos.form.feedType')}
            description={t('silos.form.feedTypeHint')}
            maxLength={60}
            data={feedTypes}
            size="md"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('tipo_racao')}
          />
        </SimpleGrid>
      </RecordSection>

      <RecordSection title={t('silos.form.links')} description={t('silos.form.linksHint')}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <DeviceSelect form={form} texts="silos.form" models={SILO_DEVICE_MODELS} stored={silo} />
          <MultiSelect
            label={t('silos.form.houses')}
            placeholder={houses.length > 0 ? t('silos.form.housesPlaceholder') : undefined}
            description={!farmId ? t('silos.form.housesPickFarm') : houses.length === 0 ? t('silos.form.housesNone') : undefined}
            disabled={!farmId || houses.length === 0}
            data={houses}
            searchable
            clearable
            hidePickedOptions
            size="md"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('aviarios')}
            error={housesError ? errorLabel(housesError) : undefined}
            data-testid={fieldTestId('aviarios')}
          />
        </SimpleGrid>
      </RecordSection>

      <RecordSection title={t('silos.form.notes')}>
        <Textarea size="md" autosize minRows={3} maxRows={10} maxLength={2000} aria-label={t('silos.form.notes')} {...form.getInputProps('obs')} />
      </RecordSection>
    </RecordFormFrame>
  );
}

/** silos/add (no id in the url) and silos/:id. */
export default function SiloPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { id } = useParams();
  if (id === undefined) return <SiloForm route={route} />;
  return (
    <RecordLoader route={route} api={siloApi} listPath={SILOS_PATH} notFound={t('silos.form.notFound')}>
      {(silo) => <SiloForm route={route} silo={silo} />}
    </RecordLoader>
  );
}
