import { Badge } from '@mantine/core';
import type { Fumigador } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../records/useNumberFormat';

/** Farm / house of a fumigator. */
export const placeOf = (record: Pick<Fumigador, 'nucleo_nome' | 'aviario_nome'>) => [record.nucleo_nome, record.aviario_nome].filter(Boolean).join(' / ');

/** '25 ml em 10 L · 15 min · 08:00, 14:00': the dosing of a fumigator in one line. */
export function useDoseText() {
  const { t } = useTranslation();
  const numbers = useNumberFormat();
  return (record: Pick<Fumigador, 'dose_ml' | 'volume_agua_l' | 'duracao_min' | 'horarios'>) =>
    [
      record.volume_agua_l
        ? t('fumigators.summary.doseInWater', { dose: numbers.format(record.dose_ml), water: numbers.format(record.volume_agua_l) })
        : t('fumigators.summary.dose', { dose: numbers.format(record.dose_ml) }),
      record.duracao_min > 0 ? t('fumigators.summary.duration', { minutes: record.duracao_min }) : '',
      record.horarios.length > 0 ? record.horarios.join(', ') : '',
    ]
      .filter(Boolean)
      .join(' · ');
}

/** On or off (test id `fumigator-active`, data-active). */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant={active ? 'light' : 'outline'} color={active ? 'field' : 'gray'} tt="none" size="md" w="max-content" data-testid="fumigator-active" data-active={active}>
      {active ? t('fumigators.status.on') : t('fumigators.status.off')}
    </Badge>
  );
}
