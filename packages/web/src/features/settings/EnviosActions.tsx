import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHistory, IconKey, IconSend } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { DateInput } from '../../components/DateInput';
import { MessageArea, type Message } from '../../components/MessageArea';
import { todayInTimezone } from '../../components/reports/reportPeriod';
import { useCurrentUser } from '../../components/session/session';
import type { ConfigRef } from './configApi';
import { resendDate } from './envios';
import { SecretModal } from './SecretModal';
import { useNewSecret, useSendNow } from './useEnvios';

interface EnviosActionsProps {
  configRef: ConfigRef;
  /** A switched-off configuration sends nothing (the server would answer INTEGRATION_INACTIVE). */
  active: boolean;
  paused: boolean;
}

/**
 * "Enviar agora" (which also resumes a paused configuration), "Reenviar desde" a day (asked in a
 * dialog) and "Novo segredo" (confirmed, then shown once). Test ids: `envios-send`, `envios-resend`,
 * `resend-date`, `resend-confirm`, `resend-cancel`, `resend-message`, `envios-new-secret`,
 * `new-secret-confirm`, `new-secret-cancel`.
 */
export function EnviosActions({ configRef, active, paused }: EnviosActionsProps) {
  const { t } = useTranslation();
  const send = useSendNow(configRef);
  const [asking, setAsking] = useState<'resend' | 'secret' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const sendNow = () =>
    send.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'field', message: t(paused ? 'settings.envios.resumed' : 'settings.envios.queued') }),
      onError: (error) => notifications.show({ color: 'red', message: errorText(error, t) }),
    });

  return (
    <>
      <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
        <Button leftSection={<IconSend size={18} />} onClick={sendNow} loading={send.isPending} disabled={!active} data-testid="envios-send">
          {t(paused ? 'settings.envios.resume' : 'settings.envios.sendNow')}
        </Button>
        <Button variant="light" leftSection={<IconHistory size={18} />} onClick={() => setAsking('resend')} disabled={!active} data-testid="envios-resend">
          {t('settings.envios.resend')}
        </Button>
        <Button variant="default" leftSection={<IconKey size={18} />} onClick={() => setAsking('secret')} data-testid="envios-new-secret">
          {t('settings.envios.newSecret')}
        </Button>
      </Group>
      {!active && (
        <Text size="sm" c="dimmed" data-testid="envios-inactive-hint">
          {t('settings.envios.inactiveHint')}
        </Text>
      )}
      <ResendDialog opened={asking === 'resend'} configRef={configRef} onClose={() => setAsking(null)} />
      <NewSecretDialog
        opened={asking === 'secret'}
        configRef={configRef}
        onClose={() => setAsking(null)}
        onSecret={(value) => {
          setAsking(null);
          setSecret(value);
        }}
      />
      <SecretModal secret={secret} renewed onDone={() => setSecret(null)} />
    </>
  );
}

function ResendDialog({ opened, configRef, onClose }: { opened: boolean; configRef: ConfigRef; onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const send = useSendNow(configRef);
  const [day, setDay] = useState('');
  const chosen = () => resendDate(day, todayInTimezone(user.timezone));
  return (
    <ConfirmDialog
      opened={opened}
      title={t('settings.envios.resendTitle')}
      question={t('settings.envios.resendIntro')}
      confirmLabel={t('settings.envios.resendConfirm')}
      testId="resend"
      busy={send.isPending}
      onClose={onClose}
      problem={() => {
        const date = chosen();
        return 'problem' in date ? t(`settings.envios.resendProblem.${date.problem}`) : null;
      }}
      run={async () => {
        const date = chosen();
        if ('iso' in date) await send.mutateAsync(date.iso);
        notifications.show({ color: 'field', message: t('settings.envios.resendQueued', { date: day }) });
        setDay('');
        onClose();
      }}
    >
      <DateInput label={t('settings.envios.resendDate')} value={day} onChange={setDay} data-autofocus data-testid="resend-date" />
    </ConfirmDialog>
  );
}

function NewSecretDialog({ opened, configRef, onClose, onSecret }: { opened: boolean; configRef: ConfigRef; onClose: () => void; onSecret: (secret: string) => void }) {
  const { t } = useTranslation();
  const renew = useNewSecret(configRef);
  return (
    <ConfirmDialog
      opened={opened}
      title={t('settings.envios.newSecretTitle')}
      question={t('settings.envios.newSecretQuestion')}
      confirmLabel={t('settings.envios.newSecretConfirm')}
      testId="new-secret"
      busy={renew.isPending}
      onClose={onClose}
      run={async () => onSecret((await renew.mutateAsync()).segredo)}
    />
  );
}

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  question: string;
  confirmLabel: string;
  /** Prefix of the test ids: `<testId>-confirm`, `<testId>-cancel`, `<testId>-message`. */
  testId: string;
  /** While the call runs: confirm spins, cancel and closing wait. */
  busy: boolean;
  onClose: () => void;
  /** Why confirming cannot go ahead yet (a date not typed), shown instead of running. */
  problem?: () => string | null;
  /** The call; its failure is shown in the dialog, which stays open. */
  run: () => Promise<void>;
  /** What the question asks for (a date), between it and the buttons. */
  children?: ReactNode;
}

/** A question with cancel and an orange confirm, for the two actions that change what the receiver gets. */
function ConfirmDialog({ opened, title, question, confirmLabel, testId, busy, onClose, problem, run, children }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<Message | null>(null);
  const close = () => {
    if (busy) return;
    setMessage(null);
    onClose();
  };
  const confirm = async () => {
    const refusal = problem?.() ?? null;
    setMessage(refusal === null ? null : { tone: 'error', text: refusal });
    if (refusal !== null) return;
    try {
      await run();
    } catch (error) {
      setMessage({ tone: 'error', text: errorText(error, t) });
    }
  };
  return (
    <Modal opened={opened} onClose={close} centered title={<Text fw={700} size="lg">{title}</Text>}>
      <Stack gap="md">
        <Text>{question}</Text>
        {children}
        <MessageArea message={message} testId={`${testId}-message`} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy} data-testid={`${testId}-cancel`}>
            {t('settings.cancel')}
          </Button>
          <Button color="orange" onClick={() => void confirm()} loading={busy} data-testid={`${testId}-confirm`}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
