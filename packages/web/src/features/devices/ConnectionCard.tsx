import { Alert, Button, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconKey, IconRefresh } from '@tabler/icons-react';
import type { Device, DeviceSaved } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { CopyField, Fact } from '../../components/CopyField';
import { MessageArea, type Message } from '../../components/MessageArea';
import { RecordSection } from '../records/RecordFormPage';
import { useDeviceConnection, useProtocols, useRenewCredential } from './api';
import { CredentialsModal } from './CredentialsModal';

/**
 * How the device connects (getdevice_conn): broker host and port, its login name and client id,
 * the topics and the protocol; and 'Issue new password' (updatedevice renovar_credencial), asked
 * first since the current password stops working, then shown once.
 * Test ids: `device-connection`, `conn-host`, `conn-port`, `conn-user`, `conn-client-id`,
 * `conn-topic-data`, `conn-topic-commands`, `conn-protocol`, `device-renew`, `renew-confirm`,
 * `renew-cancel`, `renew-message`.
 */
export function ConnectionCard({ device, canWrite }: { device: Device; canWrite: boolean }) {
  const { t } = useTranslation();
  const connection = useDeviceConnection(device.id);
  const protocols = useProtocols();
  const renew = useRenewCredential();
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const [credential, setCredential] = useState<NonNullable<DeviceSaved['credencial']> | null>(null);

  const conn = connection.data;
  const protocol = protocols.data?.find((entry) => entry.id === conn?.protocolo);

  const confirmRenew = () => {
    setMessage(null);
    renew.mutate(device, {
      onSuccess: (saved) => {
        setAsking(false);
        if (saved.credencial) setCredential(saved.credencial);
      },
      onError: (error) => setMessage({ tone: 'error', text: errorText(error, t) }),
    });
  };

  let body;
  if (connection.isPending || (!conn && !connection.isError)) {
    body = <Loader size="sm" />;
  } else if (connection.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorText(connection.error, t)}</Text>
          <Button type="button" variant="light" color="red" size="sm" leftSection={<IconRefresh size={16} />} onClick={() => void connection.refetch()}>
            {t('records.list.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (conn) {
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <Fact label={t('devices.connection.host')} value={conn.host} testId="conn-host" />
          <Fact label={t('devices.connection.port')} value={String(conn.porta)} testId="conn-port" />
          <Fact label={t('devices.connection.security')} value={t(conn.tls ? 'devices.connection.tls' : 'devices.connection.plain')} />
          <Fact
            label={t('devices.connection.protocol')}
            value={protocol ? t('devices.connection.protocolValue', { id: protocol.id, transport: protocol.transporte.toUpperCase(), separators: protocol.separadores.join(' ') }) : conn.protocolo}
            testId="conn-protocol"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <CopyField label={t('devices.connection.user')} value={conn.usuario} testId="conn-user" />
          <CopyField label={t('devices.connection.clientId')} value={conn.client_id} testId="conn-client-id" />
          <CopyField label={t('devices.connection.dataTopic')} value={conn.topico_dados} testId="conn-topic-data" description={t('devices.connection.dataTopicHint')} />
          <CopyField
            label={t('devices.connection.commandTopic')}
            value={conn.topico_comandos}
            testId="conn-topic-commands"
            description={protocol ? t('devices.connection.commandTopicHint', { commands: protocol.comandos.join(', ') }) : undefined}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('devices.connection.passwordHint')}
        </Text>
      </Stack>
    );
  }

  return (
    <RecordSection
      title={t('devices.connection.title')}
      description={t('devices.connection.hint')}
      actions={
        canWrite ? (
          <Button type="button" variant="light" leftSection={<IconKey size={18} />} onClick={() => setAsking(true)} data-testid="device-renew">
            {t('devices.connection.renew')}
          </Button>
        ) : null
      }
    >
      <div data-testid="device-connection">{body}</div>
      <Modal
        opened={asking}
        onClose={() => !renew.isPending && setAsking(false)}
        centered
        title={
          <Text fw={700} size="lg">
            {t('devices.connection.renewTitle')}
          </Text>
        }
      >
        <Stack gap="md">
          <Text>{t('devices.connection.renewQuestion')}</Text>
          <MessageArea message={message} testId="renew-message" />
          <Group justify="flex-end" gap="sm">
            <Button type="button" variant="default" onClick={() => setAsking(false)} disabled={renew.isPending} data-testid="renew-cancel">
              {t('devices.connection.renewCancel')}
            </Button>
            <Button type="button" color="orange" onClick={confirmRenew} loading={renew.isPending} data-testid="renew-confirm">
              {t('devices.connection.renewConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <CredentialsModal credential={credential} renewed onDone={() => setCredential(null)} />
    </RecordSection>
  );
}
