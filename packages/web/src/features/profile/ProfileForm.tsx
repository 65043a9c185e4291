import {
  Button,
  Collapse,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type User } from '@portal/shared';
import { accountsApi } from '../../api/accounts';
import { MessageArea } from '../../components/MessageArea';
import { applyLanguage, LOCALE_OF } from '../../i18n';
import { USER_QUERY_KEY } from '../../components/session/session';
import { numberFormat } from '../records/numbers';
import { passwordInputProps, useSchemaForm } from '../records/schemaForm';
import { needsCurrentPassword, profileBody, profileRules, profileValues } from './profileForm';
import { NUMBER_FORMAT_CHOICES, SEPARATOR_LABEL_KEYS, SEPARATORS, timezoneOptions } from './profileOptions';

/** Edits the account (name, company, e-mail, preferences, password) through updateuser. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The server's refusal (a wrong current password …) is said in the message area as well as on its field.
  const state = useSchemaForm({ ...profileRules(user), initialValues: profileValues(user), serverMessage: true });
  const { form } = state;
  const { values } = form;
  const asksCurrentPassword = needsCurrentPassword(values, user);

  const save = useMutation({
    mutationFn: accountsApi.updateUser,
    onSuccess: async (saved) => {
      queryClient.setQueryData(USER_QUERY_KEY, saved);
      // The form shows what the server kept, with the password fields emptied.
      form.setInitialValues(profileValues(saved));
      form.setValues(profileValues(saved));
      if (saved.language !== user.language) await applyLanguage(saved.language);
      notifications.show({ color: 'field', message: t('feedback.done') });
    },
    onError: state.showFailure,
  });

  const submit = state.onSubmit((changed) => save.mutate(profileBody(changed, user)));

  const languageOptions = LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}.name`) }));
  // 'By language' shows what the chosen interface language writes (the reports follow theirs alike).
  const byLanguage = numberFormat(LOCALE_OF[values.language]).format(1234.5, 1);
  const numberFormatOptions = NUMBER_FORMAT_CHOICES.map((choice) => ({ value: choice, label: t(`profile.numberFormats.${choice}`, { example: byLanguage }) }));
  const password = (field: 'password' | 'confirmPassword' | 'current_password') => ({
    ...passwordInputProps(form, field),
    leftSection: <IconLock size={18} />,
  });

  return (
    <form ref={state.ref} onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg">
          <Title order={2} size="h4" mb="md">{t('profile.personal')}</Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TextInput
              label={t('fields.name')}
              autoComplete="name"
              required
              {...form.getInputProps('name')}
              data-testid="profile-name"
            />
            <TextInput
              label={t('fields.company')}
              autoComplete="organization"
              {...form.getInputProps('company')}
              data-testid="profile-company"
            />
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
              data-testid="profile-email"
            />
          </SimpleGrid>
        </Paper>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg">
          <Title order={2} size="h4" mb="md">{t('profile.preferences')}</Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <NativeSelect
              size="md"
              label={t('profile.separator')}
              description={t('profile.separatorHint')}
              data={SEPARATORS.map((value) => ({ value, label: t(SEPARATOR_LABEL_KEYS[value]) }))}
              {...form.getInputProps('separador_csv')}
              data-testid="profile-separator"
            />
            <NativeSelect
              size="md"
              label={t('profile.numberFormat')}
              description={t('profile.numberFormatHint')}
              data={numberFormatOptions}
              {...form.getInputProps('separador_decimal')}
              data-testid="profile-number-format"
            />
            <NativeSelect
              size="md"
              label={t('profile.timezone')}
              description={t('profile.timezoneHint')}
              data={timezoneOptions(user.timezone)}
              {...form.getInputProps('timezone')}
              data-testid="profile-timezone"
            />
            <NativeSelect
              size="md"
              label={t('profile.language')}
              data={languageOptions}
              {...form.getInputProps('language')}
              data-testid="profile-language"
            />
            <NativeSelect
              size="md"
              label={t('profile.reportsLanguage')}
              description={t('profile.reportsLanguageHint')}
              data={languageOptions}
              {...form.getInputProps('reports_language')}
              data-testid="profile-reports-language"
            />
          </SimpleGrid>
        </Paper>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg">
          <Title order={2} size="h4" mb={4}>{t('profile.changePassword')}</Title>
          <Text c="dimmed" size="sm">{t('profile.changePasswordHint')}</Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="sm">
            <PasswordInput
              label={t('fields.newPassword')}
              description={t('fields.passwordRule')}
              autoComplete="new-password"
              {...password('password')}
              data-testid="profile-new-password"
            />
            <PasswordInput
              label={t('fields.confirmPassword')}
              autoComplete="new-password"
              {...password('confirmPassword')}
              data-testid="profile-confirm-password"
            />
          </SimpleGrid>
        </Paper>

        <Collapse expanded={asksCurrentPassword}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg" bg="var(--mantine-color-yellow-0)">
            <PasswordInput
              label={t('fields.currentPassword')}
              description={t('profile.currentPasswordHint')}
              autoComplete="current-password"
              required={asksCurrentPassword}
              maw={480}
              {...password('current_password')}
              data-testid="profile-current-password"
            />
          </Paper>
        </Collapse>

        <MessageArea message={state.message} testId="profile-message" />
        <Group justify="flex-end">
          <Button
            type="submit"
            size="lg"
            leftSection={<IconDeviceFloppy size={20} />}
            loading={save.isPending}
            data-testid="profile-save"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
