import { Badge, Box, Button, Code, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLock, IconLockOpen, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useWhen } from '../records/when';
import type { AnyConfig, ConfigKind } from './configApi';
import { STATE_COLOR } from './envios';

const extraOf = (config: AnyConfig) => ('sistema' in config ? config.sistema : config.empresa);

interface ConfigCardProps<T extends AnyConfig> {
  kind: ConfigKind;
  config: T;
  onEdit: () => void;
  /** Opens the delivery log (the drawer's Envios tab). */
  onEnvios: () => void;
  onDelete: () => void;
}

/**
 * One configuration: name, system or company code, address, user, whether a password is stored,
 * schedule, its export state (ativa, inativa, pausada) and next run. Test ids: `config-card`
 * (`data-record-id`), `config-state` (`data-estado`), `config-next`, `config-edit`, `config-envios`,
 * `config-delete`, `config-password-stored`.
 */
export function ConfigCard<T extends AnyConfig>({ kind, config, onEdit, onEnvios, onDelete }: ConfigCardProps<T>) {
  const { t } = useTranslation();
  const when = useWhen();
  const schedule = config.agenda === 'diaria' && config.hora ? t('settings.agenda.dailyAt', { time: config.hora }) : t(`settings.agenda.${config.agenda}`);
  return (
    <Paper withBorder radius="lg" p="md" data-testid="config-card" data-record-id={config.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Box miw={0}>
            <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }} data-testid="config-name">
              {config.nome}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`settings.${kind}.extra`)}: {extraOf(config)}
            </Text>
          </Box>
          <Badge variant="light" color={STATE_COLOR[config.estado]} tt="none" size="md" style={{ flex: 'none' }} data-testid="config-state" data-estado={config.estado}>
            {t(`settings.envios.state.${config.estado}`)}
          </Badge>
        </Group>
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="config-endpoint">
          {config.endpoint}
        </Code>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
          <Box>
            <Text size="xs" c="dimmed">
              {t('settings.form.user')}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {config.usuario || t('settings.none')}
            </Text>
          </Box>
          <Box>
            <Text size="xs" c="dimmed">
              {t('settings.form.password')}
            </Text>
            <PasswordBadge stored={config.senha_definida} />
          </Box>
          <Box>
            <Text size="xs" c="dimmed">
              {t('settings.form.schedule')}
            </Text>
            <Text size="sm">{schedule}</Text>
          </Box>
          <Box>
            <Text size="xs" c="dimmed">
              {t('settings.envios.next')}
            </Text>
            <Text size="sm" data-testid="config-next">
              {config.proxima_execucao ? when.dateTime(config.proxima_execucao) : t(`settings.envios.noNext.${config.estado}`)}
            </Text>
          </Box>
        </SimpleGrid>
        <Group gap={6}>
          {config.dados.map((dado) => (
            <Badge key={dado} variant="outline" color="gray" tt="none" size="sm">
              {t(`settings.dados.${dado}`)}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {t('settings.updated')}: {when.dateTime(config.updated_at)}
        </Text>
        {/* Narrow side padding: the three fit one line on a 390 px phone. */}
        <Group justify="flex-end" gap={6}>
          <Button variant="subtle" color="red" size="sm" px={12} leftSection={<IconTrash size={16} />} onClick={onDelete} data-testid="config-delete">
            {t('settings.delete')}
          </Button>
          <Button variant="light" size="sm" px={12} leftSection={<IconSend size={16} />} onClick={onEnvios} data-testid="config-envios">
            {t('settings.envios.tab')}
          </Button>
          <Button variant="light" size="sm" px={12} leftSection={<IconPencil size={16} />} onClick={onEdit} data-testid="config-edit">
            {t('settings.edit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function PasswordBadge({ stored }: { stored: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={stored ? 'field' : 'gray'}
      tt="none"
      size="sm"
      leftSection={stored ? <IconLock size={12} /> : <IconLockOpen size={12} />}
      data-testid="config-password-stored"
      data-stored={stored}
    >
      {t(stored ? 'settings.form.passwordStored' : 'settings.form.noPassword')}
    </Badge>
  );
}
