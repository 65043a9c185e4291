import { useQuery } from '@tanstack/react-query';
import type { Device } from '@portal/shared';
import { useMemo } from 'react';
import { devicesApi } from '../../api/devices';
import { useLogged } from '../session/session';
import { useOwner } from '../../features/records/owner';
import { countWarnings, type DeviceStatusMap } from './deviceStatus';
import { useDeviceStatus } from './useDeviceStatus';

/**
 * Under the device records' key prefix (['device', 'list']), so saving or deleting a device,
 * which refreshes those lists, refreshes the menu too.
 */
export const ACCOUNT_DEVICES_QUERY_KEY = ['device', 'list', 'menu'] as const;

export interface AccountDevices {
  devices: Device[];
  models: string[];
  warnings: number;
  status: DeviceStatusMap | undefined;
  /** False until the devices are known (the first steps wait for it, so they never flash). */
  loaded: boolean;
}

/**
 * The devices of the owner acted for (useOwner: one's own, or a granting owner's, within the
 * grant's farms), the models among them (they gate the menu, spec section 2), their online status
 * (devupdt every 60 s) and the count of device warnings (the Devices badge in the menu and the
 * header: idle 1440 minutes or more). The badge counts what the devices screen it leads to lists,
 * and a technician acting for a farm sees that farm's menu. Until the models load, or when they
 * cannot be loaded, the gated entries stay hidden.
 */
export function useAccountDevices(): AccountDevices {
  const logged = useLogged();
  const { prop, ready } = useOwner();
  const enabled = logged && ready;
  const query = useQuery({
    queryKey: [...ACCOUNT_DEVICES_QUERY_KEY, prop ?? 'self'],
    queryFn: () => devicesApi.listOf(prop),
    enabled,
    staleTime: 60_000,
  });
  const devices = useMemo(() => (enabled ? (query.data ?? []) : []), [enabled, query.data]);
  const models = useMemo(() => [...new Set(devices.map((device) => device.modelo))], [devices]);
  const status = useDeviceStatus(devices, { prop, enabled });
  const warnings = useMemo(() => (status ? countWarnings([...status.values()].map((minutos) => ({ minutos }))) : 0), [status]);
  return { devices, models, warnings, status, loaded: enabled && query.data !== undefined };
}
