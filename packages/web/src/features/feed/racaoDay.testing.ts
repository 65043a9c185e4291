import type { RacaoDia } from '@portal/shared';

/** A day of the feed report for tests: empty (no feed, no weighing) unless `values` say otherwise. */
export const racaoDay = (data: string, values: Partial<RacaoDia>): RacaoDia => ({
  data,
  idade: 0,
  aves_vivas: 1000,
  consumo_kg: null,
  completo: false,
  silos: [{ id: 7, consumo_kg: null, parte_kg: null, sem_aves_kg: null }],
  aviarios: [{ id: 3, consumo_kg: null }],
  acumulado_kg: 0,
  acumulado_completo: false,
  g_ave_dia: null,
  consumo_acumulado_g_ave: null,
  consumo_acumulado_padrao_g: null,
  peso_medio_g: null,
  aves_pesadas: 0,
  ganho_kg: null,
  conversao: null,
  conversao_padrao: null,
  ...values,
});
