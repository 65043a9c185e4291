import type { Language } from '../constants.js';
import type { AlarmeTipo } from '../schemas/alarms.js';

/** Each alarm type's name, as the screens, e-mails, push notifications and digest show it. */
export const ALARM_TITLES: Record<Language, Record<AlarmeTipo, string>> = {
  pt: {
    sem_dados: 'Sem dados',
    silo_fim: 'Silo acabando',
    lote_atrasado: 'Lote atrasado',
    mortalidade: 'Mortalidade',
    balancas_divergentes: 'Balanças divergentes',
    calha_parada: 'Calha parada',
    dosagem_perdida: 'Dosagem perdida',
    integracao_pausada: 'Integração pausada',
  },
  en: {
    sem_dados: 'No data',
    silo_fim: 'Silo running out',
    lote_atrasado: 'Flock behind',
    mortalidade: 'Mortality',
    balancas_divergentes: 'Scales disagree',
    calha_parada: 'Trough stopped',
    dosagem_perdida: 'Missed dosing',
    integracao_pausada: 'Integration paused',
  },
  es: {
    sem_dados: 'Sin datos',
    silo_fim: 'Silo por vaciarse',
    lote_atrasado: 'Lote atrasado',
    mortalidade: 'Mortalidad',
    balancas_divergentes: 'Balanzas discrepantes',
    calha_parada: 'Comedero parado',
    dosagem_perdida: 'Dosificación perdida',
    integracao_pausada: 'Integración en pausa',
  },
};
