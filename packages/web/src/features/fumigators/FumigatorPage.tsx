import { Anchor, Button, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { DOSER_DEVICE_MODELS, type Fumigador } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RecordFormFrame, RecordLoader, RecordSection } from '../records/RecordFormPage';
import { useRecordForm } from '../records/recordForm';
import type { ScreenProps, ScreenRoute } from '../screens/ScreenFrame';
import { deviceOptionLabel, useFarmOptions, useOwnerDevices } from '../silos/recordLinks';
import { siteAddPath } from '../sites/api';
import { fumigadorApi, FUMIGATORS_PATH, fumigatorHistoryPath, fumigatorPath } from './api';
import { DosingFields } from './DosingFields';
import { fumigatorBody, fumigatorValues } from './fumigatorForm';
import { ActiveBadge } from './fumigatorTexts';

/** fumigadores/add and fumigadores/:id: where the fumigator is, its doser device and its dosing. */
function FumigatorForm({ route, fumigator }: { route: ScreenRoute; fumigator?: Fumigador }) {
  const { t } = useTranslation();
  const farms = useFarmOptions();
  const dosers = useOwnerDevices(DOSER_DEVICE_MODELS);
  const state = useRecordForm({
    api: fumigadorApi,
    record: fumigator,
    valuesOf: fumigatorValues,
    toBody: fumigatorBody,
    itemName: (record) => t('fumigators.itemName', { name: record.nome }),
    paths: { list: FUMIGATORS_PATH, detail: fumigatorPath },
  });
  const { form } = state;
  const farmId = form.values.nucleo_id;
  const houses = farms.housesOf(farmId);
  // A house or device already set stays listed even if the pickers no longer offer it.
  if (fumigator?.aviario_id && String(fumigator.nucleo_id) === farmId && !houses.some((house) => house.value === String(fumigator.aviario_id))) {
    houses.push({ value: String(fumigator.aviario_id), label: fumigator.aviario_nome ?? String(fumigator.aviario_id) });
  }
  const deviceOptions = dosers.devices.map((device) => ({ value: String(device.id), label: deviceOptionLabel(device) }));
  if (fumigator?.device_id && !deviceOptions.some((option) => option.value === String(fumigator.device_id))) {
    deviceOptions.push({ value: String(fumigator.device_id), label: fumigator.device_nome ?? String(fumigator.device_id) });
  }

  return (
    <RecordFormFrame route={route} state={state} title={fumigator?.nome} badges={fumigator ? <ActiveBadge active={form.values.ativo} /> : null}>
      <RecordSection
        title={t('fumigators.form.general')}
        actions={
          fumigator ? (
            <Button component={Link} to={fumigatorHistoryPath(fumigator)} variant="subtle" size="sm" leftSection={<IconHistory size={18} />}>
              {t('fumigators.form.history')}
            </Button>
          ) : null
        }
      >
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <TextInput label={t('fumigators.form.name')} required maxLength={80} autoComplete="off" {...form.getInputProps('nome')} />
          <Select
            label={t('fumigators.form.device')}
            placeholder={t('fumigators.form.devicePlaceholder')}
            description={dosers.query.isSuccess && deviceOptions.length === 0 ? t('fumigators.form.deviceNone') : t('fumigators.form.deviceHint')}
            clearable
            searchable
            data={deviceOptions}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('device_id')}
            value={form.values.device_id || null}
            onChange={(value) => form.setFieldValue('device_id', value ?? '')}
          />
          <Select
            label={t('fumigators.form.farm')}
            placeholder={t('fumigators.form.farmPlaceholder')}
            required
            searchable
            data={farms.options}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('nucleo_id')}
            value={farmId || null}
            onChange={(value) => {
              // A house belongs to one farm: another farm starts with none.
              if ((value ?? '') !== farmId) form.setFieldValue('aviario_id', '');
              form.setFieldValue('nucleo_id', value ?? '');
            }}
            description={
              farms.query.isSuccess && farms.options.length === 0 ? (
                <Anchor component={Link} to={siteAddPath} size="sm">
                  {t('fumigators.form.noFarms')}
                </Anchor>
              ) : undefined
            }
          />
          <Select
            label={t('fumigators.form.house')}
            placeholder={farmId && houses.length > 0 ? t('fumigators.form.housePlaceholder') : undefined}
            description={!farmId ? t('fumigators.form.housePickFarm') : houses.length === 0 ? t('fumigators.form.houseNone') : t('fumigators.form.houseHint')}
            clearable
            searchable
            disabled={!farmId || houses.length === 0}
            data={houses}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('aviario_id')}
            value={form.values.aviario_id || null}
            onChange={(value) => form.setFieldValue('aviario_id', value ?? '')}
          />
        </SimpleGrid>
      </RecordSection>

      <RecordSection title={t('fumigators.form.dosing')} description={t('fumigators.form.dosingHint')}>
        <DosingFields form={form} disabled={!state.owner.canWrite} />
      </RecordSection>

      <RecordSection title={t('fumigators.form.notes')}>
        <Textarea size="md" autosize minRows={3} maxRows={10} maxLength={2000} aria-label={t('fumigators.form.notes')} {...form.getInputProps('obs')} />
      </RecordSection>
    </RecordFormFrame>
  );
}

/** fumigadores/add (no id in the url) and fumigadores/:id. */
export default function FumigatorPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { id } = useParams();
  if (id === undefined) return <FumigatorForm route={route} />;
  return (
    <RecordLoader route={route} api={fumigadorApi} listPath={FUMIGATORS_PATH} notFound={t('fumigators.form.notFound')}>
      {(fumigator) => <FumigatorForm route={route} fumigator={fumigator} />}
    </RecordLoader>
  );
}
