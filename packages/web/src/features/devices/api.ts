import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isLiveModel, storedDeviceBody, updateDeviceBody, type Device, type DeviceSaved, type RegisterDeviceBody, type UpdateDeviceBody } from '@portal/shared';
import { call } from '../../api/client';
import { useOwner } from '../records/owner';
import { recordApi, type RecordApi } from '../records/recordApi';

/**
 * Devices (balancas): getdevice[?id], registerdevice (create, also with an access key),
 * updatedevice {iddevice, …, renovar_credencial}, deldevice {iddevice}; plus the model list
 * (getdevice_type), the protocols (getprotocolos) and how one device connects (getdevice_conn).
 * Named 'device' so its lists share the key prefix of the menu's device query
 * (useAccountDevices): saving or deleting a device refreshes the menu too.
 */
export const deviceApi = recordApi({
  name: 'device',
  get: 'getdevice',
  register: 'registerdevice',
  update: 'updatedevice',
  del: 'deldevice',
  idKey: 'iddevice',
});

export const DEVICES_PATH = '/balancas';
export const deviceAddPath = '/addbalanca';
export const devicePath = (device: Pick<Device, 'id'>) => `${DEVICES_PATH}/${device.id}`;
/** The page a device key opens: the add screen, registering into the key owner's account. */
export const deviceKeyPath = (chave: string) => `/d/${chave}`;

const withProp = <V extends object>(value: V, prop?: number) => (prop === undefined ? value : { ...value, prop });

export const registerDevice = (body: RegisterDeviceBody, prop?: number) =>
  call('registerdevice', { body: withProp(body, prop) });

export const updateDevice = (body: UpdateDeviceBody, prop?: number) =>
  call('updatedevice', { body: withProp(body, prop) });

/** updatedevice's body with the chip id rule of registration (the server applies it to updates too). */
export const updateBodyFor = (modelo: string) =>
  updateDeviceBody.superRefine((body, context) => {
    if (isLiveModel(modelo) && body.chip_id.trim().length < 2) {
      context.addIssue({ code: 'custom', path: ['chip_id'], message: 'CHIP_ID_REQUIRED' });
    }
  });

/** The calls of one device's page for useRecordForm: saves go to updatedevice with iddevice. */
export function deviceDetailApi(modelo: string): RecordApi<DeviceSaved, ReturnType<typeof updateBodyFor>> {
  return {
    ...deviceApi,
    body: updateBodyFor(modelo),
    save: (body, id, prop) => updateDevice({ ...body, iddevice: id ?? body.iddevice }, prop),
  };
}


/** The 18 models with their icons and whether they join the live channel; they never change while the portal runs. */
export function useDeviceTypes() {
  return useQuery({
    queryKey: ['device-types'],
    queryFn: () => call('getdevice_type'),
    staleTime: Infinity,
  });
}

export function useProtocols() {
  return useQuery({
    queryKey: ['device-protocols'],
    queryFn: () => call('getprotocolos'),
    staleTime: Infinity,
  });
}

/** How the device connects: broker, login name, client id, topics (never the password). */
export function useDeviceConnection(id: number) {
  const { prop, ready } = useOwner();
  return useQuery({
    queryKey: ['device', 'conn', prop ?? 'self', id],
    queryFn: () => call('getdevice_conn', { query: { id, prop } }),
    enabled: ready,
  });
}

/**
 * Issues a new broker password (updatedevice with renovar_credencial, sending the stored values
 * so nothing else changes). The answer carries the password, to show once; the cache keeps the
 * device without it.
 */
export function useRenewCredential() {
  const { prop } = useOwner();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (device: Device) => updateDevice({ ...storedDeviceBody(device), renovar_credencial: true }, prop),
    onSuccess: (saved) => {
      const { credencial: _secret, ...stored } = saved;
      queryClient.setQueryData(deviceApi.keys.one(saved.id, prop), stored);
    },
  });
}
