import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useAccountClock } from '../../components/clock/useAccountClock';
import { ZoneNote } from '../../components/clock/ZoneNote';
import { ReportTable } from '../../components/reports/ReportTable';
import { isoToMasked } from '../records/dates';
import { ListError } from '../records/ListTable';
import { useOwner } from '../records/owner';
import { RecordSection } from '../records/RecordFormPage';
import { useNumberFormat } from '../records/useNumberFormat';
import { LiveReadingView } from './LiveReadingView';
import { mergeReadings, withLastBatches, type ReceivedReading } from './readings';

/** Stored weighings listed before 'show all'. */
const WEIGHINGS_FIRST = 10;

/** getleituras of a device for the owner acted for; the device page refetches it when a weighing arrives. */
export const leiturasKey = (prop: number | undefined, id: number) => ['leituras', prop ?? 'self', id] as const;

/** getleituras of a device (one request for the live panel and the history, by the same key). */
export function useDeviceLeituras(deviceId: number) {
  const { prop, ready } = useOwner();
  return useQuery({
    queryKey: leiturasKey(prop, deviceId),
    queryFn: () => call('getleituras', { query: { id: deviceId, prop } }),
    enabled: ready,
  });
}

/**
 * balancas/:id, below the live panel: the device's recent live readings and, for a model that
 * weighs birds (`weighings`), its last stored weighings (getleituras). Test ids `device-history`, `history-reading`, `history-weighings`,
 * `history-weighing`.
 */
export function DeviceHistory({ deviceId, live, weighings, received }: { deviceId: number; live: boolean; weighings: boolean; received: readonly ReceivedReading[] }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const clock = useAccountClock();
  const query = useDeviceLeituras(deviceId);
  const readings = useMemo(() => withLastBatches(mergeReadings(received, query.data?.leituras ?? [])), [received, query.data]);
  const [allWeighings, setAllWeighings] = useState(false);
  const stored = query.data?.pesagens ?? [];
  // The last 10 first: the page stays short on a phone; all (up to 50) on request.
  const pesagens = allWeighings ? stored : stored.slice(0, WEIGHINGS_FIRST);

  let body;
  if (query.isPending) {
    body = (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  } else if (query.isError) {
    body = <ListError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else {
    body = (
      <Stack gap="lg">
        <ZoneNote />
        {live && (
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('live.history.readings')}
            </Title>
            {readings.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('live.history.noReadings')}
              </Text>
            ) : (
              readings.map(({ reading: entry, lastBatch }) => (
                <Group key={`${entry.em}|${JSON.stringify(entry.leitura)}`} gap="sm" wrap="nowrap" align="flex-start" data-testid="history-reading">
                  <Text size="xs" c="dimmed" w={72} style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }} pt={2}>
                    {clock.moment(entry.em)}
                  </Text>
                  <LiveReadingView deviceId={deviceId} live={{ reading: entry, lastBatch }} compact />
                </Group>
              ))
            )}
          </Stack>
        )}
        {weighings && (
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('live.history.weighings')}
            </Title>
            {stored.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('live.history.noWeighings')}
              </Text>
            ) : (
              <ReportTable
                testId="history-weighings"
                verticalSpacing="xs"
                striped
                highlightOnHover
                minWidth={600}
                columns={[
                  { key: 'data', header: t('live.history.date'), align: 'nowrap', dataCol: false, cell: (row) => isoToMasked(row.data) },
                  { key: 'hora', header: t('live.history.time'), align: 'nowrap', dataCol: false, cell: (row) => row.hora },
                  { key: 'lote', header: t('live.history.flock'), dataCol: false, cell: (row) => row.lote ?? '' },
                  { key: 'aviario', header: t('live.history.house'), dataCol: false, cell: (row) => row.aviario },
                  { key: 'lado', header: t('live.history.side'), dataCol: false, cell: (row) => row.lado },
                  { key: 'box', header: t('live.history.box'), dataCol: false, cell: (row) => row.box },
                  { key: 'sexo', header: t('live.history.sex'), dataCol: false, cell: (row) => row.sexo },
                  { key: 'peso', header: t('live.history.weight'), align: 'number', dataCol: false, cell: (row) => format.format(row.peso, 1) },
                ]}
                rows={pesagens}
                rowKey={(row) => row.id}
                rowAttributes={() => ({ 'data-testid': 'history-weighing' })}
              />
            )}
            {stored.length > pesagens.length && (
              <Group>
                <Button variant="subtle" size="xs" onClick={() => setAllWeighings(true)} data-testid="history-weighings-all">
                  {t('live.history.showAll', { count: stored.length })}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <div data-testid="device-history">
      <RecordSection title={t('live.history.title')} description={t(weighings ? 'live.history.hint' : 'live.history.hintReadings')}>
        {body}
      </RecordSection>
    </div>
  );
}
