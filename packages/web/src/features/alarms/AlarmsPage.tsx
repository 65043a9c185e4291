import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustments, IconBellOff } from '@tabler/icons-react';
import type { Alarme } from '@portal/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../api/errorText';
import { PageFrame } from '../../components/PageFrame';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { useFarmOptions } from '../records/links';
import { useOwner } from '../records/owner';
import { OwnerPicker } from '../records/OwnerPicker';
import { AlarmActionModal, type AlarmAction } from './AlarmActionModal';
import { alarmesQueryOf, periodProblem, readFilters, withFilters, type AlarmFilters } from './alarmFilters';
import { AlarmFiltersBar } from './AlarmFiltersBar';
import { AlarmList } from './AlarmList';
import { ALARM_RULES_PATH, useAlarmList } from './api';

/** Below Mantine's md breakpoint the table does not fit: cards instead. */
const NARROW = '(max-width: 61.99em)';

/**
 * alarmes: the alarms of the owner acted for, newest first, filtered by state (active by default),
 * the day they were raised and farm (all in the url; ?id= highlights the alarm the bell led to).
 * Acknowledge or clear by hand with a note; each alarm's history. Test ids: alarm-filters,
 * alarm-counts, alarm-list, alarm-row, alarm-empty, alarm-rules-link.
 */
export default function AlarmsPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const owner = useOwner();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const farms = useFarmOptions();
  const cards = useMediaQuery(NARROW, undefined, { getInitialValueInEffect: false }) ?? false;
  const valid = periodProblem(filters) === null;
  const list = useAlarmList(alarmesQueryOf(filters, owner.prop), owner.ready && valid);
  const [acting, setActing] = useState<{ alarm: Alarme; action: AlarmAction } | null>(null);
  const highlighted = Number(params.get('id')) || null;

  const changeFilters = (next: AlarmFilters) => setParams((current) => withFilters(current, next), { replace: true });

  return (
    <PageFrame
      title={heading.title}
      description={heading.description}
      crumbs={heading.crumbs}
      backTo={heading.backTo}
      actions={
        <Button component={Link} to={ALARM_RULES_PATH} variant="default" leftSection={<IconAdjustments size={18} />} data-testid="alarm-rules-link">
          {t('alarms.rulesLink')}
        </Button>
      }
    >
      <Stack gap="md">
        <OwnerPicker owner={owner} />
        <AlarmFiltersBar filters={filters} onChange={changeFilters} farms={farms.options} />
        {list.data && (
          <Text size="sm" c="dimmed" data-testid="alarm-counts" data-abertos={list.data.abertos} data-reconhecidos={list.data.reconhecidos}>
            {t('alarms.counts', { abertos: list.data.abertos, reconhecidos: list.data.reconhecidos })}
          </Text>
        )}
        {list.isPending && valid && (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        )}
        {list.isError && (
          <Alert color="red" data-testid="alarm-load-error">
            <Group justify="space-between">
              <span>{errorText(list.error, t)}</span>
              <Button size="xs" variant="white" onClick={() => void list.refetch()}>
                {t('alarms.retry')}
              </Button>
            </Group>
          </Alert>
        )}
        {list.data && list.data.alarmes.length === 0 && (
          <Alert color="gray" icon={<IconBellOff size={18} />} data-testid="alarm-empty">
            {t(filters.estado === 'ativos' ? 'alarms.emptyActive' : 'alarms.empty')}
          </Alert>
        )}
        {list.data && list.data.alarmes.length > 0 && (
          <AlarmList alarms={list.data.alarmes} cards={cards} highlighted={highlighted} onAction={(alarm, action) => setActing({ alarm, action })} />
        )}
      </Stack>
      {acting && <AlarmActionModal alarm={acting.alarm} action={acting.action} prop={owner.prop} onClose={() => setActing(null)} />}
    </PageFrame>
  );
}
