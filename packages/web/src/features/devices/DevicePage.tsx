import { SimpleGrid, TextInput } from '@mantine/core';
import { deviceLabel, isLiveModel, type DeviceSaved } from '@portal/shared';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceLivePanel } from '../live/DeviceLivePanel';
import { sendUpdates } from '../live/liveCommands';
import { isLiveDevice } from '../live/liveDevices';
import { RecordFormFrame, RecordLoader, RecordSection } from '../records/RecordFormPage';
import { useRecordForm } from '../records/recordForm';
import type { ScreenProps, ScreenRoute } from '../../components/screens/ScreenFrame';
import { deviceApi, deviceDetailApi, devicePath, DEVICES_PATH } from './api';
import { ConnectionCard } from './ConnectionCard';
import { DeviceDataSection } from './DeviceDataSection';
import { ChipFields, PlaceSection } from './DeviceFields';
import { deviceBody, deviceValues } from './deviceForm';
import { minutesOf } from '../../components/devices/deviceStatus';
import { DeviceIcon } from '../../components/devices/DeviceIcon';
import { LastContact } from '../../components/devices/LastContact';
import { LiveBadge } from './ModelPicker';
import { useDeviceStatus } from '../../components/devices/useDeviceStatus';

/**
 * balancas/:id: the device's form (model and serial read-only: they never change), how it
 * connects with 'Issue new password', and delete with confirmation (RECORD_IN_USE translated in
 * the dialog), the live panel and recent history (DeviceLivePanel), and for a silo scale or a
 * trough monitor where its data is shown (DeviceDataSection); saving a live device sends it 'update'. Test ids: the record blocks' (`record-form`, `record-save`, `record-delete`,
 * `field-<name>`), `field-modelo` and `field-serie` (read-only), `device-last-contact`, and the
 * connection card's.
 */
function DeviceForm({ route, device }: { route: ScreenRoute; device: DeviceSaved }) {
  const { t } = useTranslation();
  // The device as registered on the live socket (the record shown before a save changes it).
  const registered = useRef(device);
  const api = useMemo(() => {
    const base = deviceDetailApi(device.modelo);
    return {
      ...base,
      save: async (...args: Parameters<typeof base.save>) => {
        const saved = await base.save(...args);
        // Spec section 7: 'update' after the device's record is saved (a notice if not sent).
        if (isLiveDevice(registered.current)) sendUpdates([registered.current], t);
        return saved;
      },
    };
  }, [device.modelo, t]);
  const state = useRecordForm({
    api,
    record: device,
    valuesOf: deviceValues,
    toBody: (values) => deviceBody(device.id, values),
    itemName: (record) => t('devices.itemName', { name: deviceLabel(record) }),
    paths: { list: DEVICES_PATH, detail: devicePath },
  });
  const { form } = state;
  const shown = state.record ?? device;
  useEffect(() => {
    registered.current = shown;
  }, [shown]);
  const status = useDeviceStatus(useMemo(() => [shown], [shown]), { prop: state.owner.prop, enabled: state.owner.ready });

  return (
    <RecordFormFrame
      route={route}
      state={state}
      title={deviceLabel(shown)}
      badges={
        <>
          <DeviceIcon icone={shown.icone} modelo={shown.modelo} size={36} />
          <LastContact minutos={minutesOf(shown, status)} />
          {isLiveModel(shown.modelo) && <LiveBadge />}
        </>
      }
    >
      <RecordSection title={t('devices.form.identityTitle')} description={t('devices.form.identityFixed')}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <TextInput
            label={t('devices.form.model')}
            value={`${shown.modelo} · ${t(`devices.models.${shown.modelo}`)}`}
            readOnly
            variant="filled"
            data-testid="field-modelo"
          />
          <TextInput label={t('devices.form.serial')} value={shown.serie} readOnly variant="filled" data-testid="field-serie" />
          <ChipFields form={form} modelo={shown.modelo} />
        </SimpleGrid>
      </RecordSection>
      <PlaceSection form={form} />
      <ConnectionCard device={shown} canWrite={state.owner.canWrite} />
      <DeviceLivePanel device={shown} />
      <DeviceDataSection device={shown} />
    </RecordFormFrame>
  );
}

export default function DevicePage({ route }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <RecordLoader route={route} api={deviceApi} listPath={DEVICES_PATH} notFound={t('devices.form.notFound')}>
      {(device) => <DeviceForm route={route} device={device} />}
    </RecordLoader>
  );
}
