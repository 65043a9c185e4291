import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { enviosApi, integracaoApi, mtechApi, type ConfigRef } from './configApi';
import { runPollInterval } from './envios';

/** The configurations' lists (both kinds): their state badge and next run change with a run. */
const CONFIG_LISTS = [integracaoApi.name, mtechApi.name].map((name) => [name, 'list']);

/**
 * A configuration's delivery log, asked again every second and a half while a run is pending or
 * running. When the last run finishes the configuration lists are asked again too (a failure may
 * have paused it, a success moved its next run).
 */
export function useEnvios(ref: ConfigRef) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: enviosApi.keys.one(ref),
    queryFn: () => enviosApi.get(ref),
    refetchInterval: (current) => runPollInterval(current.state.data),
  });
  const running = runPollInterval(query.data) !== false;
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) {
      for (const key of CONFIG_LISTS) void queryClient.invalidateQueries({ queryKey: key });
    }
    wasRunning.current = running;
  }, [running, queryClient]);
  return { ...query, running };
}

/** "Enviar agora" (no date) or "Reenviar desde" a day: queues a run (or answers the one queued) and shows it in the log. */
export function useSendNow(ref: ConfigRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (desde?: string) => enviosApi.send(ref, desde),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: enviosApi.keys.one(ref) });
      for (const key of CONFIG_LISTS) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** A new signing secret: the answer is its only appearance. */
export function useNewSecret(ref: ConfigRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => enviosApi.newSecret(ref),
    onSuccess: () => {
      for (const key of CONFIG_LISTS) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
