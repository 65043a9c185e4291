import { Button, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { DOSER_DEVICE_MODELS, type Fumigador } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useFarmOptions, withStored } from '../records/links';
import { DeviceSelect, FarmHouseSelects } from '../records/LinkSelects';
import { RecordFormFrame, RecordLoader, RecordSection } from '../records/RecordFormPage';
import { useRecordForm } from '../records/recordForm';
import type { ScreenProps, ScreenRoute } from '../../components/screens/ScreenFrame';
import { fumigadorApi, FUMIGATORS_PATH, fumigatorHistoryPath, fumigatorPath } from './api';
import { DosingFields } from './DosingFields';
import { fumigatorBody, fumigatorValues } from './fumigatorForm';
import { ActiveBadge } from './fumigatorTexts';

/** fumigadores/add and fumigadores/:id: where the fumigator is, its doser device and its dosing. */
function FumigatorForm({ route, fumigator }: { route: ScreenRoute; fumigator?: Fumigador }) {
  const { t } = useTranslation();
  const farms = useFarmOptions();
  const state = useRecordForm({
    api: fumigadorApi,
    record: fumigator,
    valuesOf: fumigatorValues,
    toBody: fumigatorBody,
    itemName: (record) => t('fumigators.itemName', { name: record.nome }),
    paths: { list: FUMIGATORS_PATH, detail: fumigatorPath },
  });
  const { form } = state;
  // A house already set stays listed even if its farm no longer offers it.
  const houses = withStored(
    farms.housesOf(form.values.nucleo_id),
    String(fumigator?.nucleo_id) === form.values.nucleo_id ? fumigator?.aviario_id : null,
    fumigator?.aviario_nome,
  );

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
          <DeviceSelect form={form} texts="fumigators.form" models={DOSER_DEVICE_MODELS} stored={fumigator} />
          <FarmHouseSelects form={form} farms={farms} texts="fumigators.form" required houses={houses} />
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
