import { Alert, Box, Button, Code, Group, MultiSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconHistory } from '@tabler/icons-react';
import type { PontoColeta } from '@portal/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLiveDevices } from '../../api/live';
import { sendUpdates } from '../live/liveCommands';
import { isLiveDevice } from '../live/liveDevices';
import { useFarmOptions, useOwnerDevices } from '../records/links';
import { FarmHouseSelects } from '../records/LinkSelects';
import { RecordFormFrame, RecordLoader, RecordSection } from '../records/RecordFormPage';
import { useRecordForm } from '../records/recordForm';
import { errorLabel, fieldTestId } from '../records/schemaForm';
import type { RecordApi } from '../records/recordApi';
import type { ScreenProps, ScreenRoute } from '../../components/screens/ScreenFrame';
import { COLLECTION_POINTS_PATH, collectionPointHistoryPath, collectionPointPath, COLLECTOR_MODELS, pontoColetaApi } from './api';
import { pipedSerials, pointBody, pointValues, refusedSerial } from './pointForm';

type PointApi = typeof pontoColetaApi;

/** This form only registers its collectors; it shows nothing of what they send. */
const ignoreLiveMessage = () => undefined;

/**
 * coletores/add and coletores/:id: name, where the point is (farm and house, both optional) and
 * its ground collectors, chosen among the owner's COLETOR devices and sent as `serie_coletores`
 * (pipe-separated). A COLLECTOR_NOT_FOUND refusal names the serial on the collectors field.
 * Test ids: the blocks' `field-*`, `collectors-piped`, `collectors-unknown`.
 */
function PointForm({ route, point }: { route: ScreenRoute; point?: PontoColeta }) {
  const { t } = useTranslation();
  const farms = useFarmOptions();
  const collectors = useOwnerDevices(COLLECTOR_MODELS);
  const known = useMemo(() => new Set(collectors.devices.map((device) => device.serie)), [collectors.devices]);
  // The live collectors are registered on the socket while the form is open, so 'update' reaches them after a save.
  const liveCollectors = useMemo(() => collectors.devices.filter(isLiveDevice), [collectors.devices]);
  useLiveDevices(liveCollectors, ignoreLiveMessage);

  // The refused serial is kept from the failed save, so the field can name it.
  const [refused, setRefused] = useState<string | null>(null);
  const api = useMemo<PointApi>(
    () => ({
      ...pontoColetaApi,
      save: async (body, id, prop) => {
        setRefused(null);
        let saved: PontoColeta;
        try {
          saved = await pontoColetaApi.save(body, id, prop);
        } catch (error) {
          setRefused(refusedSerial(error, body.serie_coletores.split('|'), known));
          throw error;
        }
        // Spec section 7: 'update' to the point's collectors after it is saved (a notice if not sent).
        const serials = new Set(body.serie_coletores.split('|'));
        sendUpdates(liveCollectors.filter((device) => serials.has(device.serie)), t);
        return saved;
      },
    }) satisfies RecordApi<PontoColeta, PointApi['body']>,
    [known, liveCollectors, t],
  );

  const state = useRecordForm({
    api,
    record: point,
    valuesOf: pointValues,
    toBody: pointBody,
    itemName: (record) => t('collectionPoints.itemName', { name: record.nome }),
    paths: { list: COLLECTION_POINTS_PATH, detail: collectionPointPath },
  });
  const { form } = state;
  const chosen = form.values.serie_coletores;

  // The owner's collectors, plus any serial already on the point that is not one (any more).
  const unknown = collectors.query.isSuccess ? chosen.filter((serial) => !known.has(serial)) : [];
  const options = [
    ...collectors.devices.map((device) => ({ value: device.serie, label: device.nome ? `${device.serie} · ${device.nome}` : device.serie })),
    ...unknown.map((serial) => ({ value: serial, label: t('collectionPoints.form.unknownOption', { serial }) })),
  ];

  const collectorsError = form.errors.serie_coletores;
  const collectorsErrorText =
    collectorsError === 'COLLECTOR_NOT_FOUND' && refused
      ? t('collectionPoints.form.collectorNotFound', { serial: refused })
      : errorLabel(collectorsError);

  return (
    <RecordFormFrame route={route} state={state} title={point?.nome}>
      <RecordSection
        title={t('collectionPoints.form.general')}
        actions={
          point ? (
            <Button component={Link} to={collectionPointHistoryPath(point)} variant="subtle" size="sm" leftSection={<IconHistory size={18} />}>
              {t('collectionPoints.form.history')}
            </Button>
          ) : null
        }
      >
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <TextInput label={t('collectionPoints.form.name')} required maxLength={80} autoComplete="off" {...form.getInputProps('nome')} />
          <Box visibleFrom="md" />
          <FarmHouseSelects form={form} farms={farms} texts="collectionPoints.form" required={false} />
        </SimpleGrid>
      </RecordSection>

      <RecordSection title={t('collectionPoints.form.collectors')} description={t('collectionPoints.form.collectorsHint')}>
        <Stack gap="sm">
          <MultiSelect
            label={t('collectionPoints.form.collectorsLabel')}
            placeholder={t('collectionPoints.form.collectorsPlaceholder')}
            description={collectors.query.isSuccess && collectors.devices.length === 0 ? t('collectionPoints.form.noCollectors') : undefined}
            required
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage={t('collectionPoints.form.nothingFound')}
            data={options}
            size="md"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('serie_coletores')}
            error={collectorsErrorText}
            data-testid={fieldTestId('serie_coletores')}
          />
          {unknown.length > 0 && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="collectors-unknown">
              {t('collectionPoints.form.unknownWarning', { serials: unknown.join(', ') })}
            </Alert>
          )}
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t('collectionPoints.form.formatHint')}
            </Text>
            {chosen.length > 0 && (
              <Code fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="collectors-piped">
                {pipedSerials(chosen)}
              </Code>
            )}
          </Group>
        </Stack>
      </RecordSection>

      <RecordSection title={t('collectionPoints.form.notes')}>
        <Textarea size="md" autosize minRows={3} maxRows={10} maxLength={2000} aria-label={t('collectionPoints.form.notes')} {...form.getInputProps('obs')} />
      </RecordSection>
    </RecordFormFrame>
  );
}

/** coletores/add (no id in the url) and coletores/:id. */
export default function CollectionPointPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { id } = useParams();
  if (id === undefined) return <PointForm route={route} />;
  return (
    <RecordLoader route={route} api={pontoColetaApi} listPath={COLLECTION_POINTS_PATH} notFound={t('collectionPoints.form.notFound')}>
      {(point) => <PointForm route={route} point={point} />}
    </RecordLoader>
  );
}
