import {
  ALARME_SEVERIDADES,
  setAlarmePreferenciasBody,
  type AlarmePreferencias,
  type AlarmeSeveridade,
  type SetAlarmePreferenciasBody,
} from '@portal/shared';
import type { SchemaRules } from '../records/schemaErrors';

/** The notification preferences as the inputs hold them: times as 'HH:MM' or '' (none), farms as ids in text. */
export interface PreferencesValues {
  email: boolean;
  push: boolean;
  severidades: AlarmeSeveridade[];
  /** True: every farm the user reads (nucleos null). */
  todos: boolean;
  nucleos: string[];
  silencio_inicio: string;
  silencio_fim: string;
  resumo_hora: string;
}

export const preferencesValues = (stored: AlarmePreferencias): PreferencesValues => ({
  email: stored.email,
  push: stored.push,
  severidades: ALARME_SEVERIDADES.filter((severidade) => stored.severidades.includes(severidade)),
  todos: stored.nucleos === null,
  nucleos: (stored.nucleos ?? []).map(String),
  silencio_inicio: stored.silencio_inicio ?? '',
  silencio_fim: stored.silencio_fim ?? '',
  resumo_hora: stored.resumo_hora ?? '',
});

const timeOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function preferencesBody(values: PreferencesValues, prop: number | undefined): SetAlarmePreferenciasBody {
  return {
    ...(prop === undefined ? {} : { prop }),
    email: values.email,
    push: values.push,
    // Most urgent first, whatever order they were ticked in.
    severidades: ALARME_SEVERIDADES.filter((severidade) => values.severidades.includes(severidade)),
    nucleos: values.todos ? null : values.nucleos.map(Number),
    silencio_inicio: timeOrNull(values.silencio_inicio),
    silencio_fim: timeOrNull(values.silencio_fim),
    resumo_hora: timeOrNull(values.resumo_hora),
  };
}

/** Checked with setalarmepreferencias' own schema; quiet hours need both ends (said under the missing one). */
export const preferencesRules = (prop: number | undefined): SchemaRules<PreferencesValues> => ({
  schema: setAlarmePreferenciasBody,
  toBody: (values) => preferencesBody(values, prop),
  moreErrors: (values): Record<string, string> => {
    const start = values.silencio_inicio.trim();
    const end = values.silencio_fim.trim();
    if (start && !end) return { silencio_fim: 'FIELD_REQUIRED' };
    if (end && !start) return { silencio_inicio: 'FIELD_REQUIRED' };
    return {};
  },
});
