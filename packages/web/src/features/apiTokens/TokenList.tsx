import { Box, Button, Card, Code, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import type { TokenApi } from '@portal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToMasked } from '../records/dates';
import { useWhen } from '../records/when';
import { ScopeBadge, StateBadge } from './TokenBadges';
import { canRevoke, tokenFarmNames } from './tokenForm';

interface TokenListProps {
  tokens: TokenApi[];
  farms: readonly { id: number; nome: string }[];
  /** Cards (a phone) instead of the table. */
  cards: boolean;
  onRevoke: (token: TokenApi) => void;
}

/**
 * The owner's tokens: a table on wide screens, cards on a phone. Each row or card `token-row`
 * (`data-token-id`, `data-state`), with `token-name`, `token-prefix`, `token-farms`,
 * `token-expiry`, `token-last-use` and the `token-revoke` button while it can be revoked.
 */
export function TokenList({ tokens, farms, cards, onRevoke }: TokenListProps) {
  const { t } = useTranslation();
  if (cards) {
    return (
      <Stack gap="sm" data-testid="token-list" data-layout="cards">
        {tokens.map((token) => (
          <Card key={token.id} withBorder radius="md" padding="md" {...rowAttributes(token)}>
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <TokenName token={token} />
                <Box style={{ flexShrink: 0 }}>
                  <StateBadge estado={token.estado} />
                </Box>
              </Group>
              <ScopeBadge escopo={token.escopo} />
              <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
                <CardFact label={t('apiTokens.list.farms')}>
                  <TokenFarms token={token} farms={farms} />
                </CardFact>
                <CardFact label={t('apiTokens.list.expiry')}>
                  <TokenExpiry token={token} />
                </CardFact>
                <CardFact label={t('apiTokens.list.lastUse')}>
                  <TokenLastUse token={token} />
                </CardFact>
              </SimpleGrid>
              {canRevoke(token) && <RevokeButton token={token} onRevoke={onRevoke} fullWidth />}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="token-list" data-layout="table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('apiTokens.list.name')}</Table.Th>
            <Table.Th>{t('apiTokens.list.scope')}</Table.Th>
            <Table.Th>{t('apiTokens.list.farms')}</Table.Th>
            <Table.Th>{t('apiTokens.list.expiry')}</Table.Th>
            <Table.Th>{t('apiTokens.list.lastUse')}</Table.Th>
            <Table.Th>{t('apiTokens.list.state')}</Table.Th>
            <Table.Th w={130} aria-label={t('apiTokens.list.actions')} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id} {...rowAttributes(token)}>
              <Table.Td>
                <TokenName token={token} />
              </Table.Td>
              <Table.Td>
                <ScopeBadge escopo={token.escopo} />
              </Table.Td>
              <Table.Td maw={220}>
                <TokenFarms token={token} farms={farms} />
              </Table.Td>
              <Table.Td>
                <TokenExpiry token={token} />
              </Table.Td>
              <Table.Td>
                <TokenLastUse token={token} />
              </Table.Td>
              <Table.Td>
                <StateBadge estado={token.estado} />
              </Table.Td>
              <Table.Td>{canRevoke(token) && <RevokeButton token={token} onRevoke={onRevoke} />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const rowAttributes = (token: TokenApi) => ({ 'data-testid': 'token-row', 'data-token-id': token.id, 'data-state': token.estado });

function CardFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** The name and the token's first characters (to recognise it in a system's settings), with when it was made. */
function TokenName({ token }: { token: TokenApi }) {
  const { t } = useTranslation();
  const when = useWhen();
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="token-name">
        {token.nome}
      </Text>
      <Group gap={6} wrap="wrap">
        <Code data-testid="token-prefix">{`${token.prefixo}…`}</Code>
        <Text size="xs" c="dimmed">
          {t('apiTokens.list.createdAt', { when: when.dateTime(token.created_at) })}
        </Text>
      </Group>
      {token.revogado_em && (
        <Text size="xs" c="dimmed" data-testid="token-revoked-at">
          {t('apiTokens.list.revokedAt', { when: when.dateTime(token.revogado_em) })}
        </Text>
      )}
    </Stack>
  );
}

function TokenFarms({ token, farms }: { token: TokenApi; farms: TokenListProps['farms'] }) {
  const { t } = useTranslation();
  const names = tokenFarmNames(token.nucleos, farms);
  return (
    <Text span size="sm" c={names === null ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }} data-testid="token-farms">
      {names === null ? t('apiTokens.list.allFarms') : names.join(', ')}
    </Text>
  );
}

function TokenExpiry({ token }: { token: TokenApi }) {
  const { t } = useTranslation();
  return (
    <Text span size="sm" c={token.expira_em === null ? 'dimmed' : token.estado === 'expirado' ? 'red.8' : undefined} data-testid="token-expiry">
      {token.expira_em === null ? t('apiTokens.list.noExpiry') : isoToMasked(token.expira_em)}
    </Text>
  );
}

function TokenLastUse({ token }: { token: TokenApi }) {
  const { t } = useTranslation();
  const when = useWhen();
  return (
    <Text span size="sm" c={token.ultimo_uso ? undefined : 'dimmed'} data-testid="token-last-use">
      {token.ultimo_uso ? when.dateTime(token.ultimo_uso) : t('apiTokens.list.neverUsed')}
    </Text>
  );
}

function RevokeButton({ token, onRevoke, fullWidth = false }: { token: TokenApi; onRevoke: TokenListProps['onRevoke']; fullWidth?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button size="xs" variant="light" color="red" fullWidth={fullWidth} leftSection={<IconBan size={14} />} onClick={() => onRevoke(token)} data-testid="token-revoke">
      {t('apiTokens.list.revoke')}
    </Button>
  );
}
