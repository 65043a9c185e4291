import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconDatabaseOff, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errorText';
import { AuthCard } from './AuthCard';
import { userRetrySeconds } from '../../components/session/session';
import { useLogout } from '../../components/session/useSignIn';

interface DataUnavailablePageProps {
  /** Why the user could not be loaded (a database or network outage, a server fault). */
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}

/**
 * Shown instead of the app while the signed-in user cannot be loaded for a reason other than a
 * refused session: the token is kept, and the page asked for opens as soon as the user loads.
 */
export function DataUnavailablePage({ error, retrying, onRetry }: DataUnavailablePageProps) {
  const { t } = useTranslation();
  const { logout, busy: leaving } = useLogout();
  const retrySeconds = userRetrySeconds(error);
  const offline = error instanceof ApiError && error.code === 'NETWORK_ERROR';
  const Icon = offline ? IconWifiOff : IconDatabaseOff;
  return (
    <AuthCard title={t('unavailable.title')}>
      <Stack gap="md" data-testid="unavailable">
        <Alert color="orange" variant="light" icon={<Icon size={22} />} role="alert" data-testid="unavailable-message">
          {errorText(error, t)}
        </Alert>
        <Text c="dimmed" size="sm" data-testid="unavailable-hint">
          {t('unavailable.stillSignedIn')} {retrySeconds !== null && t('unavailable.autoRetry', { seconds: retrySeconds })}
        </Text>
        <Button
          size="lg"
          fullWidth
          leftSection={<IconRefresh size={20} />}
          loading={retrying}
          onClick={onRetry}
          data-testid="unavailable-retry"
        >
          {t('unavailable.retry')}
        </Button>
        <Button variant="subtle" color="gray" loading={leaving} onClick={logout} data-testid="unavailable-logout">
          {t('menu.logout')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
