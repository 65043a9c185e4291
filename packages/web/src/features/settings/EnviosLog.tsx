import { Anchor, Badge, Card, Code, Collapse, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { IntegracaoEnvio } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToMasked } from '../records/dates';
import { useWhen } from '../records/when';
import { answerPreview, RUN_COLOR } from './envios';

/**
 * A configuration's latest runs, newest first: a table on wide screens, cards on a phone. Each run
 * `envio-row` (`data-envio-id`, `data-estado`) with `envio-status`, `envio-pages`, `envio-rows`,
 * `envio-http`, `envio-answer` and, when the answer was cut or an error has details,
 * `envio-answer-more` opening `envio-answer-full`.
 */
export function EnviosLog({ envios, cards }: { envios: IntegracaoEnvio[]; cards: boolean }) {
  const { t } = useTranslation();
  if (envios.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="envios-empty">
        {t('settings.envios.logEmpty')}
      </Text>
    );
  }
  if (cards) {
    return (
      <Stack gap="sm" data-testid="envios-log" data-layout="cards">
        {envios.map((envio) => (
          <RunCard key={envio.id} envio={envio} />
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table verticalSpacing="xs" striped data-testid="envios-log" data-layout="table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('settings.envios.columns.start')}</Table.Th>
            <Table.Th>{t('settings.envios.columns.origin')}</Table.Th>
            <Table.Th ta="right">{t('settings.envios.columns.pages')}</Table.Th>
            <Table.Th ta="right">{t('settings.envios.columns.rows')}</Table.Th>
            <Table.Th>{t('settings.envios.columns.status')}</Table.Th>
            <Table.Th ta="right">{t('settings.envios.columns.http')}</Table.Th>
            <Table.Th w="34%">{t('settings.envios.columns.answer')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {envios.map((envio) => (
            <Table.Tr key={envio.id} {...rowAttributes(envio)}>
              <Table.Td>
                <RunStart envio={envio} />
              </Table.Td>
              <Table.Td>
                <RunOrigin envio={envio} />
              </Table.Td>
              <Table.Td ta="right" data-testid="envio-pages">
                {envio.paginas}
              </Table.Td>
              <Table.Td ta="right" data-testid="envio-rows">
                {envio.linhas}
              </Table.Td>
              <Table.Td>
                <RunStatus envio={envio} />
              </Table.Td>
              <Table.Td ta="right" data-testid="envio-http">
                {envio.http_status ?? t('settings.none')}
              </Table.Td>
              <Table.Td>
                <RunAnswer envio={envio} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const rowAttributes = (envio: IntegracaoEnvio) => ({ 'data-testid': 'envio-row', 'data-envio-id': envio.id, 'data-estado': envio.estado });

function RunCard({ envio }: { envio: IntegracaoEnvio }) {
  const { t } = useTranslation();
  const fact = (label: string, value: string | number, testId: string) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
  return (
    <Card withBorder radius="md" padding="sm" {...rowAttributes(envio)}>
      <Stack gap={8}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} miw={0}>
            <RunStart envio={envio} />
            <RunOrigin envio={envio} />
          </Stack>
          <RunStatus envio={envio} />
        </Group>
        <SimpleGrid cols={3} spacing="xs">
          {fact(t('settings.envios.columns.pages'), envio.paginas, 'envio-pages')}
          {fact(t('settings.envios.columns.rows'), envio.linhas, 'envio-rows')}
          {fact(t('settings.envios.columns.http'), envio.http_status ?? t('settings.none'), 'envio-http')}
        </SimpleGrid>
        <RunAnswer envio={envio} />
      </Stack>
    </Card>
  );
}

function RunStart({ envio }: { envio: IntegracaoEnvio }) {
  const when = useWhen();
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="envio-start">
      {when.dateTime(envio.inicio ?? envio.criado_em)}
    </Text>
  );
}

function RunOrigin({ envio }: { envio: IntegracaoEnvio }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" data-testid="envio-origin">
      {envio.desde ? t('settings.envios.resendFrom', { date: isoToMasked(envio.desde) }) : t(`settings.envios.origens.${envio.origem}`)}
    </Text>
  );
}

function RunStatus({ envio }: { envio: IntegracaoEnvio }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} align="flex-start">
      {/* The label is never cut: the column grows to the whole status. */}
      <Badge color={RUN_COLOR[envio.estado]} variant="light" tt="none" size="md" styles={{ label: { overflow: 'visible' } }} data-testid="envio-status">
        {t(`settings.envios.estados.${envio.estado}`)}
      </Badge>
      {envio.erro && (
        <Text size="xs" c={envio.estado === 'erro_config' ? 'orange.8' : 'red.8'} data-testid="envio-error">
          {t(`settings.envios.erros.${envio.erro}`)}
        </Text>
      )}
    </Stack>
  );
}

/** The endpoint's answer, cut to a line; the whole answer and the error's technical words open below. */
function RunAnswer({ envio }: { envio: IntegracaoEnvio }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const preview = answerPreview(envio.resposta);
  const more = preview.cut || Boolean(envio.erro_detalhe);
  return (
    <Stack gap={4} miw={0}>
      {!(open && envio.resposta) && (
        <Text size="xs" ff="monospace" c={preview.text ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }} data-testid="envio-answer">
          {preview.text || t('settings.envios.noAnswer')}
        </Text>
      )}
      <Collapse expanded={open}>
        <Stack gap={4} data-testid="envio-answer-full">
          {envio.resposta && (
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 240, overflowY: 'auto' }}>
              {envio.resposta}
            </Code>
          )}
          {envio.erro_detalhe && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {envio.erro_detalhe}
            </Text>
          )}
        </Stack>
      </Collapse>
      {more && (
        <Anchor
          component="button"
          type="button"
          size="xs"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          data-testid="envio-answer-more"
        >
          {t(open ? 'settings.envios.less' : 'settings.envios.more')}
        </Anchor>
      )}
    </Stack>
  );
}
