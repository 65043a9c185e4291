import { Alert, Badge, Box, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPause } from '@tabler/icons-react';
import type { IntegracaoEnvios } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Fact } from '../../components/CopyField';
import { ListLoading } from '../records/ListTable';
import { useWhen } from '../records/when';
import { errorText } from '../../api/errorText';
import type { AnyConfig, ConfigRef } from './configApi';
import { STATE_COLOR } from './envios';
import { EnviosActions } from './EnviosActions';
import { EnviosLog } from './EnviosLog';
import { useEnvios } from './useEnvios';

/**
 * The export of a saved configuration: its state (and why it is paused), the next run, the last
 * success, how far each kind was delivered, the actions and the latest runs (asked again while one
 * is running). Test ids: `envios-panel` (`data-estado`, `data-running`), `envios-state`,
 * `envios-paused`, `envios-no-secret`, `envios-next`, `envios-last-success`, `envios-cursor`
 * (`data-dado`), and those of EnviosActions and EnviosLog.
 */
export function EnviosPanel({ configRef, config, cards }: { configRef: ConfigRef; config: AnyConfig; cards: boolean }) {
  const { t } = useTranslation();
  const envios = useEnvios(configRef);
  if (envios.isPending) return <ListLoading />;
  if (envios.isError) {
    return (
      <Alert color="red" variant="light" data-testid="envios-error">
        {errorText(envios.error, t)}
      </Alert>
    );
  }
  const data = envios.data;
  return (
    <Stack gap="lg" data-testid="envios-panel" data-estado={data.estado} data-running={envios.running}>
      <StateSummary envios={data} running={envios.running} hasSecret={config.segredo_definido} />
      <EnviosActions configRef={configRef} active={data.estado !== 'inativa'} paused={data.estado === 'pausada'} />
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('settings.envios.cursorsTitle')}
        </Title>
        <Cursors envios={data} />
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('settings.envios.logTitle')}
        </Title>
        <EnviosLog envios={data.envios} cards={cards} />
      </Stack>
    </Stack>
  );
}

function StateSummary({ envios, running, hasSecret }: { envios: IntegracaoEnvios; running: boolean; hasSecret: boolean }) {
  const { t } = useTranslation();
  const when = useWhen();
  const next = envios.proxima_execucao ? when.dateTime(envios.proxima_execucao) : t(`settings.envios.noNext.${envios.estado}`);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Badge color={STATE_COLOR[envios.estado]} variant="light" tt="none" size="lg" data-testid="envios-state">
            {t(`settings.envios.state.${envios.estado}`)}
          </Badge>
          {running && (
            <Group gap={6} data-testid="envios-running">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                {t('settings.envios.running')}
              </Text>
            </Group>
          )}
        </Group>
        {envios.estado === 'pausada' && (
          <Alert color="orange" variant="light" icon={<IconPlayerPause size={20} />} title={t('settings.envios.pausedTitle')} data-testid="envios-paused">
            <Stack gap={4}>
              <Text size="sm">
                {envios.ultimo_erro ? t(`settings.envios.erros.${envios.ultimo_erro}`) : t('settings.envios.pausedNoReason')}
              </Text>
              {envios.ultimo_erro_detalhe && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {envios.ultimo_erro_detalhe}
                </Text>
              )}
              <Text size="sm">{t('settings.envios.pausedHint')}</Text>
            </Stack>
          </Alert>
        )}
        {envios.estado !== 'pausada' && envios.falhas_seguidas > 0 && envios.ultimo_erro && (
          <Text size="sm" c="red.8" data-testid="envios-failures">
            {t('settings.envios.failures', { count: envios.falhas_seguidas, reason: t(`settings.envios.erros.${envios.ultimo_erro}`) })}
          </Text>
        )}
        {!hasSecret && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={20} />} data-testid="envios-no-secret">
            {t('settings.envios.noSecret')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Fact label={t('settings.envios.next')} value={next} testId="envios-next" />
          <Fact
            label={t('settings.envios.lastSuccess')}
            value={envios.ultimo_sucesso ? when.dateTime(envios.ultimo_sucesso) : t('settings.envios.never')}
            testId="envios-last-success"
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** Per kind in the configuration: the change time of the last row delivered. */
function Cursors({ envios }: { envios: IntegracaoEnvios }) {
  const { t } = useTranslation();
  const when = useWhen();
  if (envios.cursores.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('settings.envios.noKinds')}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
      {envios.cursores.map((cursor) => (
        <Box key={cursor.dado} data-testid="envios-cursor" data-dado={cursor.dado} data-delivered={cursor.ate !== null}>
          <Text size="xs" c="dimmed">
            {t(`settings.dados.${cursor.dado}`)}
          </Text>
          <Text size="sm" fw={600}>
            {cursor.ate ? t('settings.envios.deliveredUpTo', { when: when.dateTime(cursor.ate) }) : t('settings.envios.nothingYet')}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
