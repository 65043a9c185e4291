import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconLock, IconMail } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { returnTarget } from '@portal/shared';
import { accountsApi } from '../../api/accounts';
import { MessageArea } from '../../components/MessageArea';
import { passwordInputProps, useSchemaForm } from '../records/schemaForm';
import { loginBodyOf, loginRules, loginValues } from './authForms';
import { AuthCard } from './AuthCard';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { useLogged } from '../../components/session/session';
import { useFinishLogin } from '../../components/session/useSignIn';

/** Sign in; `?url=` is the page to return to (spec section 4). */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const savedUrl = params.get('url');
  const logged = useLogged();
  const finishLogin = useFinishLogin();
  // The server's refusal (wrong password, too many attempts and when to try again) is said in the message area.
  const state = useSchemaForm({ ...loginRules, initialValues: loginValues(), serverMessage: true });
  const { form } = state;
  const [recovering, setRecovering] = useState(false);

  const login = useMutation({
    mutationFn: accountsApi.login,
    onSuccess: (answer) => finishLogin(answer, savedUrl),
    onError: state.showFailure,
  });

  // Already signed in (another tab, or the back button): straight to the page asked for.
  if (logged && !login.isPending && !login.isSuccess) return <Navigate to={returnTarget(savedUrl)} replace />;

  const submit = state.onSubmit((values) => login.mutate(loginBodyOf(values)));

  if (recovering) {
    return (
      <AuthCard title={t('recover.title')}>
        <ForgotPasswordForm initialEmail={form.values.email} onBack={() => setRecovering(false)} />
      </AuthCard>
    );
  }

  const signupPath = savedUrl ? `/cadastro/${encodeURIComponent(returnTarget(savedUrl))}` : '/signup';

  return (
    <AuthCard title={t('login.title')}>
      <form ref={state.ref} onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="username"
            required
            leftSection={<IconMail size={18} />}
            {...form.getInputProps('email')}
            data-testid="login-email"
          />
          <PasswordInput
            label={t('fields.password')}
            autoComplete="current-password"
            required
            leftSection={<IconLock size={18} />}
            {...passwordInputProps(form, 'password')}
            data-testid="login-password"
          />
          <Group justify="flex-end">
            <Anchor component="button" type="button" size="sm" onClick={() => setRecovering(true)} data-testid="forgot-link">
              {t('login.forgot')}
            </Anchor>
          </Group>
          <MessageArea message={state.message} testId="login-message" />
          <Button type="submit" fullWidth size="lg" loading={login.isPending} data-testid="login-submit">
            {t('login.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('login.noAccount')}{' '}
            <Anchor component={Link} to={signupPath} fw={600} data-testid="signup-link">
              {t('login.signupLink')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
