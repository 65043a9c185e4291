import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCircleCheck, IconEye, IconKey } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chaveValueField, registerDeviceBody, type DeviceSaved } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { NoticePanel } from '../records/NoticePanel';
import { useOwner } from '../records/owner';
import { OwnerBadge } from '../records/OwnerPicker';
import { RecordSection, SaveBar, SaveButton } from '../records/RecordFormPage';
import { useSchemaForm } from '../records/schemaForm';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { deviceApi, devicePath, DEVICES_PATH, registerDevice } from './api';
import { CredentialsModal } from './CredentialsModal';
import { ChipFields, PlaceSection } from './DeviceFields';
import { newDeviceBody, newDeviceValues, type DevicePlaceValues, type NewDeviceValues } from './deviceForm';
import { ModelPicker } from './ModelPicker';

/**
 * addbalanca and d/:key, one screen: the model as icon cards, then serial, chip id, firmware,
 * name, farm and house, notes. With a key in the url the device goes into the account of the
 * key's owner (registerdevice with `chave`), which the screen says before anything is typed.
 * After registering, the broker credentials show once in a modal; then the device's page opens
 * (or, for a key registration into someone else's account, a done panel). A failed registration
 * stays on the form with its error (spec section 8: the completion does not run).
 * Test ids: `device-key-notice`, `device-key-invalid`, `device-key-done` with `device-add-another`,
 * `device-add-read-only`, `record-form`, `record-save`, `record-message`, `field-<name>`, and the
 * model picker's and credentials modal's.
 */
export default function DeviceAddPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const { key } = useParams();
  const owner = useOwner();
  const withKey = key !== undefined;
  const parsedKey = withKey ? chaveValueField.safeParse(key) : null;
  // A new form (and state) for each registration: "register another", or another key's link
  // opened while this screen shows, starts clean.
  const [round, setRound] = useState(0);

  let body;
  if (parsedKey && !parsedKey.success) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} title={t('devices.key.invalidTitle')} data-testid="device-key-invalid">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('errors.KEY_INVALID')}</Text>
          <Text size="sm">{t('devices.key.invalidHint')}</Text>
          <Button component={Link} to={DEVICES_PATH} variant="light" color="red" size="sm">
            {t('devices.key.toMyDevices')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!withKey && owner.ready && !owner.canWrite) {
    body = (
      <NoticePanel
        icon={IconEye}
        color="gray"
        text={t('records.owner.readOnlyHint')}
        testId="device-add-read-only"
        action={
          <Button component={Link} to={DEVICES_PATH} variant="light">
            {t('records.form.backToList')}
          </Button>
        }
      />
    );
  } else {
    body = <NewDeviceForm key={`${key ?? ''}-${round}`} chave={parsedKey?.data} onAnother={() => setRound((value) => value + 1)} />;
  }

  return (
    <PageFrame
      {...heading}
      description={withKey ? t('devices.key.description') : heading.description}
      badges={withKey ? null : <OwnerBadge owner={owner} />}
    >
      {withKey && parsedKey?.success && (
        <Alert color="blue" variant="light" icon={<IconKey size={20} />} title={t('devices.key.noticeTitle')} data-testid="device-key-notice">
          {t('devices.key.notice')}
        </Alert>
      )}
      {body}
    </PageFrame>
  );
}

function NewDeviceForm({ chave, onAnother }: { chave?: string; onAnother: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const owner = useOwner();
  const queryClient = useQueryClient();
  const withKey = chave !== undefined;
  const state = useSchemaForm<NewDeviceValues>({
    schema: registerDeviceBody,
    initialValues: newDeviceValues(),
    toBody: (values) => newDeviceBody(values, chave),
  });
  const { form } = state;
  const [saved, setSaved] = useState<DeviceSaved | null>(null);
  const [done, setDone] = useState<DeviceSaved | null>(null);

  const register = useMutation({
    mutationFn: (values: NewDeviceValues) => registerDevice(newDeviceBody(values, chave), withKey ? undefined : owner.prop),
    onSuccess: async (device) => {
      notifications.show({ color: 'field', message: t('feedback.registered') });
      // The credentials show first; without any (never expected) the device opens at once.
      if (device.credencial) setSaved(device);
      else finish(device);
      await queryClient.invalidateQueries({ queryKey: [deviceApi.name, 'list'] });
    },
    // Spec section 8: a failed registration does not run its completion; the form stays.
    onError: (error) => state.showFailure(error),
  });

  // Where the new device can be opened: in the account acted for (a key may be the user's own).
  const opensHere = (device: DeviceSaved) => !withKey || device.prop === (owner.prop ?? owner.owner?.id);

  function finish(answer: DeviceSaved) {
    const { credencial: _secret, ...device } = answer;
    setSaved(null);
    if (opensHere(device)) {
      queryClient.setQueryData(deviceApi.keys.one(device.id, owner.prop), device);
      navigate(devicePath(device), { replace: true });
    } else {
      setDone(device);
    }
  }

  if (done) {
    return (
      <NoticePanel
        icon={IconCircleCheck}
        maw={480}
        title={t('devices.key.doneTitle')}
        text={t('devices.key.done', { model: done.modelo, serial: done.serie })}
        testId="device-key-done"
        action={
          <Group justify="center" gap="sm">
            <Button onClick={onAnother} data-testid="device-add-another">
              {t('devices.key.another')}
            </Button>
            <Button component={Link} to={DEVICES_PATH} variant="default">
              {t('devices.key.toMyDevices')}
            </Button>
          </Group>
        }
      />
    );
  }

  const { modelo } = form.values;
  const placeForm = form as unknown as UseFormReturnType<DevicePlaceValues>;
  const modelError = form.errors.modelo;

  return (
    <>
      <form ref={state.ref} onSubmit={state.onSubmit((values) => register.mutate(values))} noValidate data-testid="record-form">
        <Stack gap="lg">
          <RecordSection title={t('devices.form.modelTitle')} description={modelo ? undefined : t('devices.form.modelHint')}>
            <ModelPicker
              value={modelo}
              onChange={(next) => form.setFieldValue('modelo', next)}
              error={modelError ? t('devices.form.modelRequired') : undefined}
            />
          </RecordSection>

          {modelo && (
            <>
              <RecordSection title={t('devices.form.identityTitle')} description={t('devices.form.identityHint')}>
                <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
                  <TextInput
                    label={t('devices.form.serial')}
                    description={t('devices.form.serialHint')}
                    required
                    maxLength={40}
                    autoComplete="off"
                    spellCheck={false}
                    {...form.getInputProps('serie')}
                  />
                  <ChipFields form={placeForm} modelo={modelo} />
                </SimpleGrid>
              </RecordSection>
              <PlaceSection form={placeForm} withPlace={!withKey} />
            </>
          )}

          {modelo && (
            <SaveBar message={state.message}>
              <Group justify="flex-end">
                <SaveButton loading={register.isPending} text={t('devices.form.register')} />
              </Group>
            </SaveBar>
          )}
        </Stack>
      </form>
      <CredentialsModal credential={saved?.credencial ?? null} onDone={() => saved && finish(saved)} />
    </>
  );
}
