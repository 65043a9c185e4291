import { Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import type { DeviceSaved } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../components/CopyField';
import { ShownOnceModal } from '../../components/ShownOnceModal';

type Credential = NonNullable<DeviceSaved['credencial']>;

/**
 * The device's broker login, shown once: right after registering it or issuing a new password.
 * Test ids: `credentials-modal`, `credential-user`, `credential-password` (each with `-copy`),
 * `credentials-warning`, `credentials-done`.
 */
export function CredentialsModal({ credential, renewed = false, onDone }: { credential: Credential | null; renewed?: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <ShownOnceModal
      opened={credential !== null}
      icon={<IconKey size={22} color="var(--mantine-color-field-7)" />}
      title={t(renewed ? 'devices.credentials.renewedTitle' : 'devices.credentials.title')}
      warningTitle={t('devices.credentials.onceTitle')}
      warning={t('devices.credentials.once')}
      doneLabel={t('devices.credentials.done')}
      onDone={onDone}
      testId="credentials-modal"
      doneTestId="credentials-done"
      warningTestId="credentials-warning"
    >
      <Text>{t('devices.credentials.intro')}</Text>
      <CopyField label={t('devices.credentials.user')} value={credential?.usuario ?? ''} testId="credential-user" />
      <CopyField label={t('devices.credentials.password')} value={credential?.senha ?? ''} testId="credential-password" />
    </ShownOnceModal>
  );
}
