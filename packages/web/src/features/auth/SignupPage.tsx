import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconBuilding, IconLock, IconMail, IconUser } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { LoginBody } from '@portal/shared';
import { accountsApi } from '../../api/accounts';
import { MessageArea } from '../../components/MessageArea';
import { currentLanguage } from '../../i18n';
import { passwordInputProps, useSchemaForm } from '../records/schemaForm';
import { SIGNUP_VALUES, signupBodyOf, signupLoginOf, signupRules } from './authForms';
import { AuthCard } from './AuthCard';
import { useFinishLogin } from '../../components/session/useSignIn';

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
  // The account starts in the interface language the visitor is using now.
  const language = currentLanguage();
  // The server's refusal (e-mail in use …) is said in the message area as well as on its field.
  const state = useSchemaForm({ ...signupRules(language), initialValues: SIGNUP_VALUES, serverMessage: true });
  const { form } = state;

  // Step 2: automatic login; the success message stays readable for a moment before leaving.
  const login = useMutation({
    mutationFn: async (credentials: LoginBody) => {
      const [answer] = await Promise.all([accountsApi.login(credentials), pause(READ_PAUSE_MS)]);
      return answer;
    },
    onSuccess: (answer) => finishLogin(answer, decodeTarget(url)),
    onError: state.showFailure,
  });

  // Step 1: the registration itself.
  const register = useMutation({ mutationFn: accountsApi.register, onError: state.showFailure });

  const submit = state.onSubmit((values) =>
    register.mutate(signupBodyOf(values, language), {
      onSuccess: () => {
        state.setMessage({ tone: 'success', text: t('feedback.registeredLoggingIn') });
        login.mutate(signupLoginOf(values));
      },
    }),
  );

  const busy = register.isPending || login.isPending || login.isSuccess;

  return (
    <AuthCard title={t('signup.title')}>
      <form ref={state.ref} onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.name')}
            autoComplete="name"
            required
            leftSection={<IconUser size={18} />}
            {...form.getInputProps('name')}
            data-testid="signup-name"
          />
          <TextInput
            label={t('fields.company')}
            autoComplete="organization"
            leftSection={<IconBuilding size={18} />}
            {...form.getInputProps('company')}
            data-testid="signup-company"
          />
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            leftSection={<IconMail size={18} />}
            {...form.getInputProps('email')}
            data-testid="signup-email"
          />
          <PasswordInput
            label={t('fields.password')}
            description={t('fields.passwordRule')}
            autoComplete="new-password"
            required
            leftSection={<IconLock size={18} />}
            {...passwordInputProps(form, 'password')}
            data-testid="signup-password"
          />
          <PasswordInput
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            required
            leftSection={<IconLock size={18} />}
            {...passwordInputProps(form, 'confirm')}
            data-testid="signup-confirm"
          />
          <MessageArea message={state.message} testId="signup-message" />
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
