import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconMail } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsApi } from '../../api/accounts';
import { errorText } from '../../api/errorText';
import { MessageArea, type Message } from '../../components/MessageArea';

/** Asks for the e-mail and sends a recovery link; the answer never says whether it exists. */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const recover = useMutation({ mutationFn: accountsApi.recoverPassword });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    recover.mutate(email.trim());
  };

  const message: Message | null = recover.isSuccess
    ? { tone: 'success', text: t('recover.sent') }
    : recover.isError
      ? { tone: 'error', text: errorText(recover.error, t) }
      : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text c="dimmed">{t('recover.intro')}</Text>
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          leftSection={<IconMail size={18} />}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          data-testid="recover-email"
        />
        <MessageArea message={message} testId="recover-message" />
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
