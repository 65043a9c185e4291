import { useQuery } from '@tanstack/react-query';
import { deviceList, type Device, type Nucleo } from '@portal/shared';
import { useMemo } from 'react';
import { apiRequest } from '../../api/client';
import { useOwner } from '../records/owner';
import { useRecordList } from '../records/recordApi';
import { nucleoApi } from '../sites/api';

/**
 * What the forms of silos, fumigators and collection points pick from: the owner's farms with
 * their houses, and the owner's devices of some models. Shared by those three features (and the
 * doser screen); a candidate for the generic record blocks.
 */

export interface Option {
  value: string;
  label: string;
}

/** The farms of the owner acted for, as Select options, and the houses of each. */
export function useFarmOptions() {
  const farms = useRecordList(nucleoApi);
  return useMemo(() => {
    const list: Nucleo[] = farms.data ?? [];
    const byId = new Map(list.map((farm) => [farm.id, farm]));
    return {
      query: farms,
      farms: list,
      options: list.map((farm): Option => ({ value: String(farm.id), label: farm.nome })),
      /** The houses of a farm (by the form's string id) as Select options. */
      housesOf: (farmId: string | null | undefined): Option[] =>
        (byId.get(Number(farmId))?.aviarios ?? []).map((house) => ({ value: String(house.id), label: house.nome })),
    };
  }, [farms]);
}

/** How a device is named in a picker: its name, then model and serial. */
export const deviceOptionLabel = (device: Pick<Device, 'nome' | 'modelo' | 'serie'>) =>
  device.nome ? `${device.nome} · ${device.modelo} ${device.serie}` : `${device.modelo} ${device.serie}`;

/**
 * The owner's devices (GET getdevice?prop=) of the given models. Under the device records' key
 * prefix (['device', 'list']), so saving or deleting a device refreshes these pickers too.
 */
export function useOwnerDevices(models: readonly string[]) {
  const { prop, ready } = useOwner();
  const query = useQuery({
    queryKey: ['device', 'list', 'options', prop ?? 'self'],
    queryFn: () => apiRequest('getdevice', { query: { prop }, schema: deviceList }),
    enabled: ready,
    staleTime: 30_000,
  });
  const key = models.join('|');
  const devices = useMemo(() => (query.data ?? []).filter((device) => models.includes(device.modelo)), [query.data, key]);
  return { query, devices };
}
