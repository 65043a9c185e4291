import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Session } from '@portal/shared';
import { accountsApi } from '../../api/accounts';
import { errorText } from '../../api/errorText';
import { useConfirmDelete } from '../../components/ConfirmDelete';
import { MessageArea } from '../../components/MessageArea';
import { useLeaveSession } from '../../components/session/useSignIn';
import { SessionRow } from './SessionRow';
import { describeUserAgent } from './userAgent';

const SESSIONS_QUERY_KEY = ['sessions'] as const;

/** Where the account is signed in; any of these sessions can be ended from here. */
export function SessionsCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirmDelete = useConfirmDelete();
  const leave = useLeaveSession();
  const sessions = useQuery({ queryKey: SESSIONS_QUERY_KEY, queryFn: accountsApi.getSessions });

  const deviceName = (session: Session) => {
    const { browser, os } = describeUserAgent(session.user_agent);
    if (browser && os) return t('sessions.browserOn', { browser, os });
    return browser ?? os ?? t('sessions.unknownDevice');
  };

  const end = (session: Session) =>
    confirmDelete({
      itemName: t('sessions.itemName', { device: deviceName(session) }),
      onConfirm: () => accountsApi.deleteSession(session.id),
      onDeleted: () => {
        // Ending this very session is a logout.
        if (session.current) leave();
        else void queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
      },
    });

  const loadError = sessions.isError ? { tone: 'error' as const, text: errorText(sessions.error, t) } : null;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg">
      <Title order={2} size="h4">
        {t('sessions.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('sessions.description')}
      </Text>
      {sessions.isPending && <Loader size="sm" />}
      <MessageArea message={loadError} testId="sessions-message" />
      <Stack gap="sm">
        {sessions.data?.map((session) => (
          <SessionRow key={session.id} session={session} name={deviceName(session)} onEnd={() => end(session)} />
        ))}
      </Stack>
    </Paper>
  );
}
