import { Badge } from '@mantine/core';
import { IconEye, IconPencil } from '@tabler/icons-react';
import type { Nivel } from '@portal/shared';
import { useTranslation } from 'react-i18next';

/** Read or manage. Test id `nivel-badge` with `data-nivel`. */
export function NivelBadge({ nivel }: { nivel: Nivel }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={nivel === 'gestao' ? 'orange' : 'blue'}
      tt="none"
      size="md"
      w="max-content"
      maw="none"
      style={{ flex: 'none' }}
      leftSection={nivel === 'gestao' ? <IconPencil size={14} /> : <IconEye size={14} />}
      data-testid="nivel-badge"
      data-nivel={nivel}
    >
      {t(`permissions.nivel.${nivel}`)}
    </Badge>
  );
}
