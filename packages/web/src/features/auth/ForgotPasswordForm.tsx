import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconMail } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountsApi } from '../../api/accounts';
import { MessageArea } from '../../components/MessageArea';
import { useSchemaForm } from '../records/schemaForm';
import { recoverEmailOf, recoverRules } from './authForms';

/** Asks for the e-mail and sends a recovery link; the answer never says whether it exists. */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { t } = useTranslation();
  const state = useSchemaForm({ ...recoverRules, initialValues: { email: initialEmail }, serverMessage: true });
  const recover = useMutation({
    mutationFn: accountsApi.recoverPassword,
    onSuccess: () => state.setMessage({ tone: 'success', text: t('recover.sent') }),
    onError: state.showFailure,
  });

  const submit = state.onSubmit((values) => recover.mutate(recoverEmailOf(values)));

  return (
    <form ref={state.ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text c="dimmed">{t('recover.intro')}</Text>
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          leftSection={<IconMail size={18} />}
          {...state.form.getInputProps('email')}
          data-testid="recover-email"
        />
        <MessageArea message={state.message} testId="recover-message" />
        <Button type="submit" fullWidth size="lg" loading={recover.isPending} data-testid="recover-submit">
          {t('recover.submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack} data-testid="recover-back">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> {t('recover.back')}
        </Anchor>
      </Stack>
    </form>
  );
}
