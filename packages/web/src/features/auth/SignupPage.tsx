import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconBuilding, IconLock, IconMail, IconUser } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { accountsApi } from '../../api/accounts';
import { errorText, fieldErrors } from '../../api/errorText';
import { MessageArea, type Message } from '../../components/MessageArea';
import { currentLanguage } from '../../i18n';
import { AuthCard } from './AuthCard';
import { useFinishLogin } from './useSignIn';

/** cadastro/{url}: the url segment is URI-encoded; a malformed one is used as it came. */
function decodeTarget(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const READ_PAUSE_MS = 900;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Registration (signup, cadastro, cadastro/{url}): then automatic login and the redirect. */
export function SignupPage() {
  const { t } = useTranslation();
  const { url } = useParams();
  const finishLogin = useFinishLogin();
  const [form, setForm] = useState({ name: '', company: '', email: '', password: '', confirm: '' });
  const [mismatch, setMismatch] = useState(false);

  const credentials = () => ({ email: form.email.trim(), password: form.password });

  // Step 2: automatic login; the success message stays readable for a moment before leaving.
  const login = useMutation({
    mutationFn: async () => {
      const [answer] = await Promise.all([accountsApi.login(credentials()), pause(READ_PAUSE_MS)]);
      return answer;
    },
    onSuccess: (answer) => finishLogin(answer, decodeTarget(url)),
  });

  // Step 1: the registration itself.
  const register = useMutation({
    mutationFn: () =>
      accountsApi.register({
        name: form.name.trim(),
        company: form.company.trim(),
        language: currentLanguage(),
        ...credentials(),
      }),
    onSuccess: () => login.mutate(),
  });

  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setForm((previous) => ({ ...previous, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const differ = form.password !== form.confirm;
    setMismatch(differ);
    if (!differ) register.mutate();
  };

  const failed = register.error ?? login.error;
  const errors = fieldErrors(register.error, t);
  const message: Message | null = mismatch
    ? { tone: 'error', text: t('errors.PASSWORDS_DO_NOT_MATCH') }
    : failed
      ? { tone: 'error', text: errorText(failed, t) }
      : register.isSuccess
        ? { tone: 'success', text: t('feedback.registeredLoggingIn') }
        : null;
  const busy = register.isPending || login.isPending || login.isSuccess;

  return (
    <AuthCard title={t('signup.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.name')}
            autoComplete="name"
            required
            leftSection={<IconUser size={18} />}
            value={form.name}
            onChange={set('name')}
            error={errors.name}
            data-testid="signup-name"
          />
          <TextInput
            label={t('fields.company')}
            autoComplete="organization"
            leftSection={<IconBuilding size={18} />}
            value={form.company}
            onChange={set('company')}
            error={errors.company}
            data-testid="signup-company"
          />
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            leftSection={<IconMail size={18} />}
            value={form.email}
            onChange={set('email')}
            error={errors.email}
            data-testid="signup-email"
          />
          <PasswordInput
            label={t('fields.password')}
            description={t('fields.passwordRule')}
            autoComplete="new-password"
            required
            leftSection={<IconLock size={18} />}
            value={form.password}
            onChange={set('password')}
            error={errors.password}
            data-testid="signup-password"
          />
          <PasswordInput
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            required
            leftSection={<IconLock size={18} />}
            value={form.confirm}
            onChange={set('confirm')}
            error={mismatch ? t('errors.PASSWORDS_DO_NOT_MATCH') : undefined}
            data-testid="signup-confirm"
          />
          <MessageArea message={message} testId="signup-message" />
          <Button type="submit" fullWidth size="lg" loading={busy} data-testid="signup-submit">
            {t('signup.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('signup.haveAccount')}{' '}
            <Anchor component={Link} to="/login" fw={600} data-testid="login-link">
              {t('signup.loginLink')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
