import { Anchor, Autocomplete, MultiSelect, NumberInput, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { SILO_DEVICE_MODELS, type Silo } from '@portal/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RecordFormFrame, RecordLoader, RecordSection } from '../records/RecordFormPage';
import { errorLabel, fieldTestId, useRecordForm } from '../records/recordForm';
import { useRecordList } from '../records/recordApi';
import { useNumberFormat } from '../records/useNumberFormat';
import type { ScreenProps, ScreenRoute } from '../screens/ScreenFrame';
import { siteAddPath } from '../sites/api';
import { siloApi, siloPath, SILOS_PATH } from './api';
import { deviceOptionLabel, useFarmOptions, useOwnerDevices } from './recordLinks';
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
  const scales = useOwnerDevices(SILO_DEVICE_MODELS);
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
  // The scale already set stays listed even if it is not in the picker's list any more.
  const scaleOptions = scales.devices.map((device) => ({ value: String(device.id), label: deviceOptionLabel(device) }));
  if (silo?.device_id && !scaleOptions.some((option) => option.value === String(silo.device_id))) {
    scaleOptions.push({ value: String(silo.device_id), label: silo.device_nome ?? String(silo.device_id) });
  }

  const farmInput = form.getInputProps('nucleo_id');
  const housesError = state.errorOf('aviarios') ?? Object.keys(form.errors).filter((path) => path.startsWith('aviarios.')).map(state.errorOf)[0];

  return (
    <RecordFormFrame route={route} state={state} title={silo?.nome}>
      {silo && <SiloStock silo={silo} canWrite={state.owner.canWrite} />}

      <RecordSection title={t('silos.form.general')}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <TextInput label={t('silos.form.name')} required maxLength={60} autoComplete="off" {...form.getInputProps('nome')} />
          <Select
            label={t('silos.form.farm')}
            placeholder={t('silos.form.farmPlaceholder')}
            required
            searchable
            data={farms.options}
            nothingFoundMessage={t('silos.form.noFarms')}
            comboboxProps={{ withinPortal: true }}
            {...farmInput}
            value={farmId || null}
            onChange={(value) => {
              // Houses belong to one farm: another farm starts with none chosen.
              if ((value ?? '') !== farmId) form.setFieldValue('aviarios', []);
              form.setFieldValue('nucleo_id', value ?? '');
            }}
            description={
              farms.query.isSuccess && farms.options.length === 0 ? (
                <Anchor component={Link} to={siteAddPath} size="sm">
                  {t('silos.form.noFarms')}
                </Anchor>
              ) : undefined
            }
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
          <Select
            label={t('silos.form.device')}
            placeholder={t('silos.form.devicePlaceholder')}
            description={scales.query.isSuccess && scaleOptions.length === 0 ? t('silos.form.deviceNone') : t('silos.form.deviceHint')}
            clearable
            searchable
            data={scaleOptions}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('device_id')}
            value={form.values.device_id || null}
            onChange={(value) => form.setFieldValue('device_id', value ?? '')}
          />
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
