import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import type { ComparisonQuery } from './comparisonFilters';

/** GET getcomparativo: nothing is asked until the owner is known and the period is valid. */
export function useComparativo(query: ComparisonQuery | null, ready: boolean) {
  return useQuery({
    queryKey: ['comparativo', query],
    queryFn: () => call('getcomparativo', { query: query! }),
    enabled: ready && query !== null,
    staleTime: 60_000,
    retry: false,
    refetchOnWindowFocus: false,
    // The previous ranking stays on screen while a changed filter's answer arrives.
    placeholderData: (previous) => previous,
  });
}
