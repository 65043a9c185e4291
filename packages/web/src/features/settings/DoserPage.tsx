import { Alert, Anchor, Box, Button, Center, Group, Loader, Paper, Select, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy, IconExternalLink, IconPlus, IconRefresh, IconSpray } from '@tabler/icons-react';
import type { Fumigador } from '@portal/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../api/errorText';
import { MessageArea } from '../../components/MessageArea';
import { PageFrame } from '../../components/PageFrame';
import { fumigadorApi, FUMIGATORS_PATH, fumigatorAddPath, fumigatorPath } from '../fumigators/api';
import { DosingFields } from '../fumigators/DosingFields';
import { doserBody, dosingValues } from '../fumigators/fumigatorForm';
import { ActiveBadge, placeOf } from '../fumigators/fumigatorTexts';
import { useOwner } from '../records/owner';
import { OwnerPicker, ReadOnlyBadge } from '../records/OwnerPicker';
import { RecordSection } from '../records/RecordFormPage';
import { useRecordForm } from '../records/recordForm';
import { useRecordList } from '../records/recordApi';
import { compareValues } from '../records/text';
import { useNumberFormat } from '../records/useNumberFormat';
import type { ScreenProps } from '../screens/ScreenFrame';
import { useScreenHeading } from '../screens/useScreenHeading';

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
        {!owner.canWrite && <MessageArea message={state.message} testId="record-message" />}
        {owner.canWrite && (
          <Paper withBorder radius="lg" p="sm" shadow="sm" style={{ position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 3 }}>
            {state.message && (
              <Box mb="sm">
                <MessageArea message={state.message} testId="record-message" />
              </Box>
            )}
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconDeviceFloppy size={20} />} loading={state.saving} data-testid="record-save">
                {t('common.save')}
              </Button>
            </Group>
          </Paper>
        )}
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
  const [params, setParams] = useSearchParams();

  const fumigators = useMemo(
    () => [...(list.data ?? [])].sort((a, b) => compareValues(a.nome, b.nome, locale) || a.id - b.id),
    [list.data, locale],
  );
  const chosen = fumigators.find((entry) => String(entry.id) === params.get('id')) ?? fumigators[0];

  let body;
  if (list.isPending) {
    body = (
      <Center py={60} data-testid="record-loading">
        <Loader />
      </Center>
    );
  } else if (list.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" data-testid="record-error">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorText(list.error, t)}</Text>
          <Button variant="light" color="red" size="sm" leftSection={<IconRefresh size={16} />} loading={list.isFetching} onClick={() => void list.refetch()} data-testid="record-retry">
            {t('records.list.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!chosen) {
    body = (
      <Paper withBorder radius="lg" p="xl" data-testid="doser-empty">
        <Center>
          <Stack align="center" gap="md" maw={480}>
            <ThemeIcon size={64} radius="xl" variant="light">
              <IconSpray size={34} />
            </ThemeIcon>
            <Title order={2} size="h4" ta="center">
              {t('fumigators.doser.emptyTitle')}
            </Title>
            <Text c="dimmed" ta="center">
              {owner.canWrite ? t('fumigators.doser.emptyHint') : t('records.list.emptyReadOnly')}
            </Text>
            {owner.canWrite && (
              <Button component={Link} to={fumigatorAddPath} leftSection={<IconPlus size={20} />} data-testid="doser-add">
                {t('fumigators.list.add')}
              </Button>
            )}
          </Stack>
        </Center>
      </Paper>
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
          onChange={(value) => value && setParams({ id: value }, { replace: true })}
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
      title={heading.title}
      description={t('fumigators.doser.description')}
      crumbs={heading.crumbs}
      backTo={heading.backTo}
      badges={<ReadOnlyBadge owner={owner} />}
      actions={<OwnerPicker owner={owner} />}
    >
      {body}
    </PageFrame>
  );
}
