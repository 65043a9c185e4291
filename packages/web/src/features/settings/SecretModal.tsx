import { Code, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { INTEGRACAO_ASSINATURA_HEADER } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../components/CopyField';
import { ShownOnceModal } from '../../components/ShownOnceModal';

/**
 * A configuration's signing secret, shown once: right after creating it or asking for a new one.
 * Test ids: `secret-modal`, `secret-value` (and `secret-value-copy`), `secret-done`.
 */
export function SecretModal({ secret, renewed = false, onDone }: { secret: string | null; renewed?: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <ShownOnceModal
      opened={secret !== null}
      icon={<IconSignature size={22} color="var(--mantine-color-field-7)" />}
      title={t(renewed ? 'settings.secret.renewedTitle' : 'settings.secret.title')}
      warningTitle={t('settings.secret.onceTitle')}
      warning={t(renewed ? 'settings.secret.onceRenewed' : 'settings.secret.once')}
      doneLabel={t('settings.secret.done')}
      onDone={onDone}
      testId="secret-modal"
      doneTestId="secret-done"
    >
      <Text>{t('settings.secret.intro')}</Text>
      <CopyField label={t('settings.secret.label')} value={secret ?? ''} testId="secret-value" />
      <Text size="sm" c="dimmed">
        {t('settings.secret.how')} <Code style={{ whiteSpace: 'nowrap' }}>{INTEGRACAO_ASSINATURA_HEADER}</Code>
      </Text>
    </ShownOnceModal>
  );
}
