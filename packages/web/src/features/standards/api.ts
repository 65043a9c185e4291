import { useQuery } from '@tanstack/react-query';
import type { Padrao } from '@portal/shared';
import { call } from '../../api/client';
import { recordApi } from '../records/recordApi';

/** Breed standards (padroes): getpadrao, registerpadrao, delpadrao {idpadrao}. */
export const padraoApi = recordApi({
  name: 'padrao',
  get: 'getpadrao',
  register: 'registerpadrao',
  del: 'delpadrao',
  idKey: 'idpadrao',
});

/** The published standards offered as a starting point (GET getpadrao_presets); they never change while the portal runs. */
export function usePadraoPresets(enabled: boolean) {
  return useQuery({
    queryKey: ['padrao', 'presets'],
    queryFn: () => call('getpadrao_presets'),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const STANDARDS_PATH = '/padroes';
export const standardAddPath = `${STANDARDS_PATH}/add`;
export const standardPath = (standard: Pick<Padrao, 'id'>) => `${STANDARDS_PATH}/${standard.id}`;

/** '0–70': the days of age a standard covers (its points are sorted by age); '' without points. */
export function daysCovered(pontos: readonly { idade: number }[]): string {
  if (pontos.length === 0) return '';
  const ages = pontos.map((ponto) => ponto.idade);
  return `${Math.min(...ages)}–${Math.max(...ages)}`;
}
