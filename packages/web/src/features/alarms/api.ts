import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlarmeAcaoBody } from '@portal/shared';
import { call } from '../../api/client';
import { useOwner } from '../records/owner';
import type { AlarmsListQuery } from './alarmFilters';
import { BELL_REFRESH_MS } from './bellCount';

export const ALARMS_PATH = '/alarmes';
export const ALARM_RULES_PATH = '/alarmes/regras';

/** Query keys: acknowledging, clearing or a live `{t:'alarmes'}` refreshes every list and the bell (all). */
export const alarmKeys = {
  all: ['alarmes'] as const,
  bell: (prop?: number) => ['alarmes', 'bell', prop ?? 'self'] as const,
  list: (query: AlarmsListQuery) => ['alarmes', 'list', query] as const,
  rules: (prop?: number) => ['alarmeregras', prop ?? 'self'] as const,
  preferences: (prop?: number) => ['alarmepreferencias', prop ?? 'self'] as const,
};

/** The bell: the active alarms of the owner acted for and the count nobody acknowledged; read again every minute. */
export function useBellAlarms() {
  const { prop, ready } = useOwner();
  return useQuery({
    queryKey: alarmKeys.bell(prop),
    queryFn: () => call('getalarmes', { query: { prop, estado: 'ativos' } }),
    enabled: ready,
    refetchInterval: BELL_REFRESH_MS,
    // The bell is not a screen: a failed read keeps the last count and tries again on the interval.
    retry: false,
  });
}

/** The alarms page's list, for its filters (the owner acted for is part of the query). */
export function useAlarmList(query: AlarmsListQuery, ready: boolean) {
  return useQuery({
    queryKey: alarmKeys.list(query),
    queryFn: () => call('getalarmes', { query }),
    enabled: ready,
    retry: false,
    placeholderData: (previous) => previous,
  });
}

/** ackalarme / clearalarme: the answer is the alarm as stored; every alarm list and the bell read again. */
export function useAlarmAction(action: 'ackalarme' | 'clearalarme') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlarmeAcaoBody) => call(action, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}

export function useAlarmRules() {
  const { prop, ready } = useOwner();
  return useQuery({ queryKey: alarmKeys.rules(prop), queryFn: () => call('getalarmeregras', { query: { prop } }), enabled: ready, retry: false });
}

export function useAlarmPreferences() {
  const { prop, ready } = useOwner();
  return useQuery({ queryKey: alarmKeys.preferences(prop), queryFn: () => call('getalarmepreferencias', { query: { prop } }), enabled: ready, retry: false });
}
