import type { Alarme } from '@portal/shared';

/**
 * The screen an alarm's target is set up on, or null when the alarms page is the place to act
 * (devices, silos, flocks: the sentence says what to look at). A paused export leads to its
 * integration or Mtech settings (routes in features/settings/routes.ts), where "Enviar agora" resumes it.
 */
export function alarmTargetPath(alarm: Pick<Alarme, 'alvo_tipo' | 'detalhe'>): string | null {
  if (alarm.alvo_tipo !== 'integracao') return null;
  return alarm.detalhe.tipo === 'mtech' ? '/mtech' : '/integracao';
}
