import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import type { DeviceSaved } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../components/CopyField';

type Credential = NonNullable<DeviceSaved['credencial']>;

/**
 * The device's broker login, shown once: right after registering it or issuing a new password.
 * It closes only through its button (not by a stray tap outside), after the warning was in view.
 * Test ids: `credentials-modal`, `credential-user`, `credential-password` (each with `-copy`),
 * `credentials-done`.
 */
export function CredentialsModal({ credential, renewed = false, onDone }: { credential: Credential | null; renewed?: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={credential !== null}
      onClose={onDone}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      centered
      fullScreen={phone}
      size="lg"
      title={
        <Group gap="xs">
          <IconKey size={22} color="var(--mantine-color-field-7)" />
          <Text fw={700} size="lg">
            {t(renewed ? 'devices.credentials.renewedTitle' : 'devices.credentials.title')}
          </Text>
        </Group>
      }
    >
      {credential && (
        <Stack gap="md" data-testid="credentials-modal">
          <Text>{t('devices.credentials.intro')}</Text>
          <CopyField label={t('devices.credentials.user')} value={credential.usuario} testId="credential-user" />
          <CopyField label={t('devices.credentials.password')} value={credential.senha} testId="credential-password" />
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} title={t('devices.credentials.onceTitle')} data-testid="credentials-warning">
            {t('devices.credentials.once')}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onDone} data-testid="credentials-done">
              {t('devices.credentials.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
