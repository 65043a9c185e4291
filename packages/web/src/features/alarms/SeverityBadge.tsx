import { Badge } from '@mantine/core';
import { IconAlertOctagon, IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { AlarmeSeveridade } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { SEVERITY_COLOR } from './bellCount';

const SEVERITY_ICON = { critico: IconAlertOctagon, alerta: IconAlertTriangle, aviso: IconInfoCircle } as const;

/** A severity as colour, icon and word together (never colour alone). Test id `alarm-severity` (`data-severity`). */
export function SeverityBadge({ severidade, size = 'sm' }: { severidade: AlarmeSeveridade; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation();
  const Icon = SEVERITY_ICON[severidade];
  return (
    <Badge
      color={SEVERITY_COLOR[severidade]}
      variant={severidade === 'aviso' ? 'light' : 'filled'}
      size={size}
      leftSection={<Icon size={12} stroke={2} />}
      // Yellow on white is hard to read: the light variant gets dark text.
      c={severidade === 'aviso' ? 'yellow.9' : undefined}
      data-testid="alarm-severity"
      data-severity={severidade}
    >
      {t(`alarms.severidades.${severidade}`)}
    </Badge>
  );
}
