import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { devicesApi } from '../../api/devices';
import { useLogged } from '../auth/session';

/**
 * Under the device records' key prefix (['device', 'list']), so saving or deleting a device,
 * which refreshes those lists, refreshes the menu too.
 */
export const ACCOUNT_DEVICES_QUERY_KEY = ['device', 'list', 'menu'] as const;

/**
 * The device models on the account (they gate the menu, spec section 2) and the count of device
 * warnings (the Devices badge). Until the models load, or when they cannot be loaded, the gated
 * entries stay hidden.
 */
export function useAccountDevices(): { models: string[]; warnings: number } {
  const logged = useLogged();
  const query = useQuery({
    queryKey: ACCOUNT_DEVICES_QUERY_KEY,
    queryFn: devicesApi.listOwn,
    enabled: logged,
    staleTime: 60_000,
  });
  const devices = logged ? query.data : undefined;
  const models = useMemo(() => [...new Set((devices ?? []).map((device) => device.modelo))], [devices]);
  // Warnings (devices idle 1440 minutes or more) stay 0 until the live-devices issue brings devupdt.
  return { models, warnings: 0 };
}
