import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { accountsApi } from '../../api/accounts';
import { MessageArea } from '../../components/MessageArea';
import { passwordInputProps, useSchemaForm } from '../records/schemaForm';
import { RESET_VALUES, resetRules } from './authForms';
import { AuthCard } from './AuthCard';

/** recuperar/{token}: the page the recovery e-mail links to; sets a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  // A used or expired link (RESET_LINK_INVALID) is said in the message area.
  const state = useSchemaForm({ ...resetRules, initialValues: RESET_VALUES, serverMessage: true });
  const { form } = state;
  const reset = useMutation({ mutationFn: accountsApi.resetPassword, onError: state.showFailure });

  const submit = state.onSubmit((values) => reset.mutate({ token, password: values.password }));

  if (reset.isSuccess) {
    return (
      <AuthCard title={t('reset.title')}>
        <MessageArea message={{ tone: 'success', text: t('reset.done') }} testId="reset-message" />
        <Button component={Link} to="/login" fullWidth size="lg" data-testid="reset-login">
          {t('reset.toLogin')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')}>
      <form ref={state.ref} onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text c="dimmed">{t('reset.intro')}</Text>
          <PasswordInput
            label={t('fields.newPassword')}
            description={t('fields.passwordRule')}
            autoComplete="new-password"
            required
            leftSection={<IconLock size={18} />}
            {...passwordInputProps(form, 'password')}
            data-testid="reset-password"
          />
          <PasswordInput
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            required
            leftSection={<IconLock size={18} />}
            {...passwordInputProps(form, 'confirm')}
            data-testid="reset-confirm"
          />
          <MessageArea message={state.message} testId="reset-message" />
          <Button type="submit" fullWidth size="lg" loading={reset.isPending} data-testid="reset-submit">
            {t('reset.submit')}
          </Button>
          <Button component={Link} to="/login" variant="subtle" fullWidth data-testid="reset-login">
            {t('reset.toLogin')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
