import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TokenApi } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { MessageArea, type Message } from '../../components/MessageArea';
import { useRevokeApiToken } from './api';

/**
 * Asks before revoking: the systems using the token lose access on their next call, for good.
 * Test ids `token-revoke-modal`, `token-revoke-text`, `token-revoke-cancel`, `token-revoke-confirm`.
 */
export function RevokeTokenModal({ token, onClose }: { token: TokenApi; onClose: () => void }) {
  const { t } = useTranslation();
  const revoke = useRevokeApiToken();
  const [message, setMessage] = useState<Message | null>(null);
  const confirm = () =>
    revoke.mutate(token.id, {
      onSuccess: () => {
        notifications.show({ color: 'field', message: t('apiTokens.revoke.done', { name: token.nome }) });
        onClose();
      },
      onError: (error) => setMessage({ tone: 'error', text: errorText(error, t) }),
    });
  return (
    <Modal
      opened
      onClose={() => !revoke.isPending && onClose()}
      centered
      title={
        <Text fw={700} size="lg">
          {t('apiTokens.revoke.title')}
        </Text>
      }
      data-testid="token-revoke-modal"
    >
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />}>
          <Text size="sm" data-testid="token-revoke-text" style={{ overflowWrap: 'anywhere' }}>
            {t('apiTokens.revoke.question', { name: token.nome })}
          </Text>
        </Alert>
        <MessageArea message={message} testId="token-revoke-message" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={revoke.isPending} data-testid="token-revoke-cancel">
            {t('apiTokens.revoke.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={revoke.isPending} data-testid="token-revoke-confirm">
            {t('apiTokens.revoke.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
