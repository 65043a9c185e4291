import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { accountsApi } from '../../api/accounts';
import { errorText, fieldErrors } from '../../api/errorText';
import { MessageArea, type Message } from '../../components/MessageArea';
import { AuthCard } from './AuthCard';

/** recuperar/{token}: the page the recovery e-mail links to; sets a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const reset = useMutation({ mutationFn: accountsApi.resetPassword });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const differ = password !== confirm;
    setMismatch(differ);
    if (!differ) reset.mutate({ token, password });
  };

  const message: Message | null = mismatch
    ? { tone: 'error', text: t('errors.PASSWORDS_DO_NOT_MATCH') }
    : reset.isError
      ? { tone: 'error', text: errorText(reset.error, t) }
      : reset.isSuccess
        ? { tone: 'success', text: t('reset.done') }
        : null;

  if (reset.isSuccess) {
    return (
      <AuthCard title={t('reset.title')}>
        <MessageArea message={message} testId="reset-message" />
        <Button component={Link} to="/login" fullWidth size="lg" data-testid="reset-login">
          {t('reset.toLogin')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text c="dimmed">{t('reset.intro')}</Text>
          <PasswordInput
            label={t('fields.newPassword')}
            description={t('fields.passwordRule')}
            autoComplete="new-password"
            required
            leftSection={<IconLock size={18} />}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fieldErrors(reset.error, t).password}
            data-testid="reset-password"
          />
          <PasswordInput
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            required
            leftSection={<IconLock size={18} />}
            value={confirm}
            onChange={(event) => setConfirm(event.currentTarget.value)}
            error={mismatch ? t('errors.PASSWORDS_DO_NOT_MATCH') : undefined}
            data-testid="reset-confirm"
          />
          <MessageArea message={message} testId="reset-message" />
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
