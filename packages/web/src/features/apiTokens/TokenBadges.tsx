import { Badge } from '@mantine/core';
import { IconEye, IconFileImport } from '@tabler/icons-react';
import type { TokenApi, TokenEscopo } from '@portal/shared';
import { useTranslation } from 'react-i18next';

const ESTADO_COLOR: Record<TokenApi['estado'], string> = { ativo: 'field', expirado: 'orange', revogado: 'gray' };

/** Read, or read and import. Test id `token-scope`. */
export function ScopeBadge({ escopo }: { escopo: TokenEscopo }) {
  const { t } = useTranslation();
  const Icon = escopo === 'leitura' ? IconEye : IconFileImport;
  return (
    <Badge variant="light" color={escopo === 'leitura' ? 'blue' : 'grape'} tt="none" size="md" w="max-content" maw="none" leftSection={<Icon size={14} />} data-testid="token-scope">
      {t(`apiTokens.escopo.${escopo}`)}
    </Badge>
  );
}

/** Active, expired or revoked, as the server says. Test id `token-state` (`data-state`). */
export function StateBadge({ estado }: { estado: TokenApi['estado'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant={estado === 'ativo' ? 'light' : 'outline'} color={ESTADO_COLOR[estado]} tt="none" size="md" w="max-content" maw="none" data-testid="token-state" data-state={estado}>
      {t(`apiTokens.estado.${estado}`)}
    </Badge>
  );
}
