import { useQuery } from '@tanstack/react-query';
import { deviceLabel, type Device, type Nucleo } from '@portal/shared';
import { useMemo } from 'react';
import { callList } from '../../api/client';
import { nucleoApi } from './farms';
import { useOwner } from './owner';
import { useRecordList } from './recordApi';

/**
 * What record forms pick from: the owner's farms with their houses (flocks, silos, fumigators,
 * collection points, devices) and the owner's devices of some models (silo scales, dosers,
 * ground collectors). Select options hold ids as text.
 */

export interface Option {
  value: string;
  label: string;
}

export type FarmOptions = ReturnType<typeof useFarmOptions>;

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
      /** The farm of the form's string id, if the owner has it. */
      farmOf: (farmId: string | null | undefined) => (farmId ? byId.get(Number(farmId)) : undefined),
      /** The houses of a farm (by the form's string id) as Select options. */
      housesOf: (farmId: string | null | undefined): Option[] =>
        (byId.get(Number(farmId))?.aviarios ?? []).map((house) => ({ value: String(house.id), label: house.nome })),
    };
  }, [farms]);
}

/**
 * The options, plus the one a record already links to when the list does not offer it (out of
 * reach, deleted, or not loaded yet), so the field never shows blank.
 */
export function withStored(options: Option[], id: number | null | undefined, label: string | null | undefined): Option[] {
  if (!id || options.some((option) => option.value === String(id))) return options;
  return [...options, { value: String(id), label: label ?? String(id) }];
}

/** How a device is named in a picker: its label, then model and serial when it has a name. */
export const deviceOptionLabel = (device: Pick<Device, 'nome' | 'modelo' | 'serie'>) =>
  device.nome.trim() ? `${deviceLabel(device)} · ${device.modelo} ${device.serie}` : deviceLabel(device);

/**
 * The owner's devices (GET getdevice?prop=) of the given models. Under the device records' key
 * prefix (['device', 'list']), so saving or deleting a device refreshes these pickers too.
 */
export function useOwnerDevices(models: readonly string[]) {
  const { prop, ready } = useOwner();
  const query = useQuery({
    queryKey: ['device', 'list', 'options', prop ?? 'self'],
    queryFn: () => callList('getdevice', prop),
    enabled: ready,
    staleTime: 30_000,
  });
  const key = models.join('|');
  const devices = useMemo(() => (query.data ?? []).filter((device) => models.includes(device.modelo)), [query.data, key]);
  return { query, devices };
}
