import { useQuery } from '@tanstack/react-query';
import type { Device } from '@portal/shared';
import { useMemo } from 'react';
import { devicesApi } from '../../api/devices';
import { useLogged } from '../auth/session';
import { countWarnings, type DeviceStatusMap } from './deviceStatus';
import { useDeviceStatus } from './useDeviceStatus';

/**
 * Under the device records' key prefix (['device', 'list']), so saving or deleting a device,
 * which refreshes those lists, refreshes the menu too.
 */
export const ACCOUNT_DEVICES_QUERY_KEY = ['device', 'list', 'menu'] as const;

/**
 * The signed-in user's devices, the models on the account (they gate the menu, spec section 2),
 * their online status (devupdt every 60 s) and the count of device warnings (the Devices badge:
 * idle 1440 minutes or more). Until the models load, or when they cannot be loaded, the gated
 * entries stay hidden.
 */
export function useAccountDevices(): { devices: Device[]; models: string[]; warnings: number; status: DeviceStatusMap | undefined } {
  const logged = useLogged();
  const query = useQuery({
    queryKey: ACCOUNT_DEVICES_QUERY_KEY,
    queryFn: devicesApi.listOwn,
    enabled: logged,
    staleTime: 60_000,
  });
  const devices = useMemo(() => (logged ? (query.data ?? []) : []), [logged, query.data]);
  const models = useMemo(() => [...new Set(devices.map((device) => device.modelo))], [devices]);
  const status = useDeviceStatus(devices, { enabled: logged });
  const warnings = useMemo(() => (status ? countWarnings([...status.values()].map((minutos) => ({ minutos }))) : 0), [status]);
  return { devices, models, warnings, status };
}
