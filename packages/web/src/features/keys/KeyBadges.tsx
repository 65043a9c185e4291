import { Badge, Text } from '@mantine/core';
import { IconDeviceDesktopAnalytics, IconScale } from '@tabler/icons-react';
import type { Chave, ChaveEscopo } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { isoToMasked } from '../records/dates';

/** A key whose last day has passed (the server compares with today's UTC date, so does this). */
export const isExpired = (validade: string | null, today = new Date().toISOString().slice(0, 10)) => validade !== null && validade < today;

export function EscopoBadge({ escopo }: { escopo: ChaveEscopo }) {
  const { t } = useTranslation();
  const Icon = escopo === 'dispositivo' ? IconScale : IconDeviceDesktopAnalytics;
  return (
    <Badge variant="light" color={escopo === 'dispositivo' ? 'field' : 'grape'} tt="none" size="md" w="max-content" maw="none" leftSection={<Icon size={14} />} data-testid="key-scope">
      {t(`keys.escopo.${escopo}`)}
    </Badge>
  );
}

/** Active, off, or expired (an expired key is refused even when active). Test id `key-status`. */
export function StatusBadge({ chave }: { chave: Pick<Chave, 'ativa' | 'validade'> }) {
  const { t } = useTranslation();
  const state = !chave.ativa ? 'off' : isExpired(chave.validade) ? 'expired' : 'active';
  const color = { active: 'field', off: 'gray', expired: 'red' }[state];
  return (
    <Badge variant="light" color={color} tt="none" size="md" w="max-content" maw="none" data-testid="key-status" data-state={state}>
      {t(`keys.status.${state}`)}
    </Badge>
  );
}

export function ValidUntil({ validade }: { validade: string | null }) {
  const { t } = useTranslation();
  if (validade === null) {
    return (
      <Text span c="dimmed" size="sm">
        {t('keys.list.noExpiry')}
      </Text>
    );
  }
  return (
    <Text span c={isExpired(validade) ? 'red.8' : undefined}>
      {isoToMasked(validade)}
    </Text>
  );
}
