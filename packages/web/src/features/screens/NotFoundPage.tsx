import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppLayout } from '../../components/AppLayout';
import { PageFrame } from '../../components/PageFrame';
import { useLogged } from '../../components/session/session';
import { AuthCard } from '../auth/AuthCard';
import { RequireAuth } from '../auth/RequireAuth';

function NotFoundBody({ home }: { home: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="xl">
      <Center>
        <Stack align="center" gap="md" maw={420}>
          <ThemeIcon size={64} radius="xl" variant="light"><IconCompass size={36} /></ThemeIcon>
          <Text ta="center" c="dimmed">{t('notFound.hint')}</Text>
          <Button component={Link} to={home} data-testid="not-found-home">{t('notFound.home')}</Button>
        </Stack>
      </Center>
    </Paper>
  );
}

/** Inside the app when signed in, in the signed-out card otherwise. */
export function NotFoundInApp() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('notFound.title')} description={t('notFound.description')}>
      <NotFoundBody home="/dashboard" />
    </PageFrame>
  );
}

export function NotFoundRoute() {
  const { t } = useTranslation();
  const logged = useLogged();
  if (logged) {
    return (
      <RequireAuth>
        <AppLayout>
          <NotFoundInApp />
        </AppLayout>
      </RequireAuth>
    );
  }
  return (
    <AuthCard title={t('notFound.title')}>
      <Title order={2} size="h5" fw={400} c="dimmed">{t('notFound.description')}</Title>
      <Button component={Link} to="/login" fullWidth data-testid="not-found-home">{t('notFound.toLogin')}</Button>
    </AuthCard>
  );
}
