import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Grafico } from '@portal/shared';
import { useOwner } from '../records/owner';
import { fetchGraphData, graficoApi, setChartPinned } from './api';

/**
 * A chart's data over `period` (null: the chart's own period, answered by the server), for the
 * owner acted for. Asked again when the chart is saved (its updated_at changes).
 */
export function useGraphData(chart: Pick<Grafico, 'id' | 'updated_at'>, period: { di: string; df: string } | null, enabled = true) {
  const { prop, ready } = useOwner();
  return useQuery({
    queryKey: ['getgraphdata', prop ?? 'self', chart.id, chart.updated_at, period?.di ?? '', period?.df ?? ''],
    queryFn: () => fetchGraphData({ id: chart.id, ...(period ?? {}), ...(prop === undefined ? {} : { prop }) }),
    enabled: ready && enabled,
  });
}

/** Pins or unpins a chart; the saved chart replaces the cached one and the lists are asked again. */
export function usePinChart() {
  const { prop } = useOwner();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, painel }: { id: number; painel: boolean }) => setChartPinned(id, painel, prop),
    onSuccess: async (saved) => {
      queryClient.setQueryData(graficoApi.keys.one(saved.id, prop), saved);
      await queryClient.invalidateQueries({ queryKey: [graficoApi.name, 'list'] });
    },
  });
}
