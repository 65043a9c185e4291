import { Anchor, Button, Group, Select, Stack } from '@mantine/core';
import { IconExternalLink, IconPlus, IconSpray } from '@tabler/icons-react';
import type { Fumigador } from '@portal/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { fumigadorApi, FUMIGATORS_PATH, fumigatorAddPath, fumigatorPath } from '../fumigators/api';
import { DosingFields } from '../fumigators/DosingFields';
import { doserBody, dosingValues } from '../fumigators/fumigatorForm';
import { ActiveBadge, placeOf } from '../fumigators/fumigatorTexts';
import { ListError, ListLoading, useListParams } from '../records/ListTable';
import { NoticePanel } from '../records/NoticePanel';
import { useOwner } from '../records/owner';
import { OwnerPicker, ReadOnlyBadge } from '../records/OwnerPicker';
import { RecordSection, SaveBar, SaveButton } from '../records/RecordFormPage';
import { useRecordForm } from '../records/recordForm';
import { useRecordList } from '../records/recordApi';
import { compareValues } from '../records/text';
import { useNumberFormat } from '../records/useNumberFormat';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';

/**
 * The dosing settings of one fumigator or doser (product, dose, water, duration, times, on or
 * off), saved through registerfumigador with the rest of the record unchanged.
 * Test ids: `doser-form`, `doser-summary`, `doser-open-record`, `record-save`, `record-message`
 * and DosingFields'.
 */
function DoserEditor({ fumigator }: { fumigator: Fumigador }) {
  const { t } = useTranslation();
  const state = useRecordForm({
    api: fumigadorApi,
    record: fumigator,
    valuesOf: dosingValues,
    toBody: (values) => doserBody(fumigator, values),
    itemName: (record) => t('fumigators.itemName', { name: record.nome }),
    paths: { list: FUMIGATORS_PATH, detail: fumigatorPath },
  });
  const { form, owner } = state;
  return (
    <form {...state.formProps} data-testid="doser-form">
      <Stack gap="lg">
        <RecordSection
          title={fumigator.nome}
          description={[placeOf(fumigator), fumigator.device_nome ?? t('fumigators.list.noDevice')].filter(Boolean).join(' · ')}
          actions={<ActiveBadge active={form.values.ativo} />}
        >
          <Stack gap="md">
            <fieldset disabled={!owner.canWrite} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
              <DosingFields form={form} disabled={!owner.canWrite} />
            </fieldset>
            <Anchor component={Link} to={fumigatorPath(fumigator)} size="sm" data-testid="doser-open-record">
              <Group gap={4} component="span" wrap="nowrap">
                <IconExternalLink size={16} />
                {t('fumigators.doser.openRecord')}
              </Group>
            </Anchor>
          </Stack>
        </RecordSection>
        <SaveBar message={state.message} canWrite={owner.canWrite}>
          <Group justify="flex-end">
            <SaveButton loading={state.saving} />
          </Group>
        </SaveBar>
      </Stack>
    </form>
  );
}

/** dosador: pick a fumigator or doser and adjust its dosing quickly. */
export default function DoserPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const owner = useOwner();
  const list = useRecordList(fumigadorApi);
  const { locale } = useNumberFormat();
  // The chosen one is kept in the url (?id=), so a reload or the Back button keeps it.
  const params = useListParams();

  const fumigators = useMemo(
    () => [...(list.data ?? [])].sort((a, b) => compareValues(a.nome, b.nome, locale) || a.id - b.id),
    [list.data, locale],
  );
  const chosen = fumigators.find((entry) => String(entry.id) === params.get('id')) ?? fumigators[0];

  let body;
  if (list.isPending) body = <ListLoading />;
  else if (list.isError) body = <ListError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (!chosen) {
    body = (
      <NoticePanel
        icon={IconSpray}
        maw={480}
        title={t('fumigators.doser.emptyTitle')}
        text={owner.canWrite ? t('fumigators.doser.emptyHint') : t('records.list.emptyReadOnly')}
        testId="doser-empty"
        action={
          owner.canWrite && (
            <Button component={Link} to={fumigatorAddPath} leftSection={<IconPlus size={20} />} data-testid="doser-add">
              {t('fumigators.list.add')}
            </Button>
          )
        }
      />
    );
  } else {
    body = (
      <Stack gap="lg">
        <Select
          label={t('fumigators.doser.pick')}
          description={t('fumigators.doser.pickHint', { count: fumigators.length })}
          data={fumigators.map((entry) => ({
            value: String(entry.id),
            label: [entry.nome, placeOf(entry)].filter(Boolean).join(' · '),
          }))}
          value={String(chosen.id)}
          onChange={(value) => value && params.set({ id: value })}
          allowDeselect={false}
          searchable
          leftSection={<IconSpray size={18} />}
          maw={{ base: '100%', sm: 520 }}
          comboboxProps={{ withinPortal: true }}
          data-testid="doser-pick"
        />
        {/* A new editor for each doser, so one doser's unsaved edits never go to another. */}
        <DoserEditor key={chosen.id} fumigator={chosen} />
      </Stack>
    );
  }

  return (
    <PageFrame
      {...heading}
      description={t('fumigators.doser.description')}
      badges={<ReadOnlyBadge owner={owner} />}
      actions={<OwnerPicker owner={owner} />}
    >
      {body}
    </PageFrame>
  );
}
