import { ALARM_TITLES, describeAlarm, type AlarmFormat, type Alarme } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { useNumberFormat } from '../records/useNumberFormat';
import { useWhen } from '../records/when';

/**
 * Writes alarms in the interface language: the tipo's name and the sentence of what happened come
 * from @portal/shared (the same words as the e-mails and push), numbers in the user's format and
 * times on the account's clock.
 */
export function useAlarmText() {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const when = useWhen();
  const language = currentLanguage();
  const format: AlarmFormat = {
    // "At most" this many decimals: 12.5 h stays 12,5, 48 h is not 48,0.
    number: (value, decimals) => n.format(Number(value.toFixed(decimals))),
    dateTime: (iso) => when.dateTime(iso),
    // A calendar day is the same day everywhere: written at UTC, never shifted by a zone.
    date: (day) => new Intl.DateTimeFormat(n.locale, { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(`${day}T00:00:00Z`)),
  };
  return {
    message: (alarm: Pick<Alarme, 'tipo' | 'detalhe' | 'alvo_nome'>) => describeAlarm(alarm, language, format),
    tipo: (alarm: Pick<Alarme, 'tipo'>) => ALARM_TITLES[language][alarm.tipo],
    severity: (alarm: Pick<Alarme, 'severidade'>) => t(`alarms.severidades.${alarm.severidade}`),
    estado: (alarm: Pick<Alarme, 'estado'>) => t(`alarms.estados.${alarm.estado}`),
    when,
  };
}
