import { useQuery } from '@tanstack/react-query';
import { DEVICE_STATUS_POLL_MS, type Device } from '@portal/shared';
import { useMemo } from 'react';
import { call } from '../../api/client';
import { inChunks, statusKey, statusMap, type DeviceStatusMap } from './deviceStatus';

/**
 * The online status of `devices` (spec section 4): devupdt, asked again every 60 s while the
 * screen is open. Screens asking for the same owner's same devices share one query.
 * Undefined until the first answer (or when it fails: the device records' last contact shows then).
 */
export function useDeviceStatus(
  devices: readonly Pick<Device, 'modelo' | 'serie'>[] | undefined,
  options: { prop?: number | undefined; enabled?: boolean } = {},
): DeviceStatusMap | undefined {
  const { prop, enabled = true } = options;
  const list = useMemo(() => (devices ?? []).map((device) => ({ modelo: device.modelo, serie: device.serie })), [devices]);
  const keys = useMemo(() => list.map(statusKey).sort().join(','), [list]);
  const query = useQuery({
    queryKey: ['devupdt', prop ?? 'self', keys],
    queryFn: async () => {
      const answers = await Promise.all(inChunks(list).map((dispositivos) => call('devupdt', { body: { prop, dispositivos } })));
      return statusMap(answers.flat());
    },
    enabled: enabled && list.length > 0,
    refetchInterval: DEVICE_STATUS_POLL_MS,
    staleTime: DEVICE_STATUS_POLL_MS / 2,
  });
  return query.data;
}
