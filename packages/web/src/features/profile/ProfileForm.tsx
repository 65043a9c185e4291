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
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type CsvSeparator, type Language, type User } from '@portal/shared';
import { accountsApi } from '../../api/accounts';
import { errorText, fieldErrors } from '../../api/errorText';
import { MessageArea, type Message } from '../../components/MessageArea';
import { applyLanguage, LOCALE_OF } from '../../i18n';
import { USER_QUERY_KEY } from '../auth/session';
import { numberFormat } from '../records/numbers';
import { NUMBER_FORMAT_CHOICES, SEPARATOR_LABEL_KEYS, SEPARATORS, timezoneOptions, type NumberFormatChoice } from './profileOptions';
import { FIELD_OF_SERVER, useProfileForm, type ProfileValues } from './useProfileForm';

type FieldErrors = Partial<Record<keyof ProfileValues, string>>;

/** Edits the account (name, company, e-mail, preferences, password) through updateuser. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useProfileForm(user);
  const { values, set } = form;
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});

  const save = useMutation({
    mutationFn: accountsApi.updateUser,
    onSuccess: async (saved) => {
      queryClient.setQueryData(USER_QUERY_KEY, saved);
      form.reset(saved);
      if (saved.language !== user.language) await applyLanguage(saved.language);
      notifications.show({ color: 'field', message: t('feedback.done') });
    },
  });

  const serverErrors: FieldErrors = {};
  for (const [field, text] of Object.entries(fieldErrors(save.error, t))) {
    const input = FIELD_OF_SERVER[field];
    if (input) serverErrors[input] = text;
  }
  const errors: FieldErrors = { ...serverErrors, ...localErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (form.passwordChanged && values.newPassword !== values.confirmPassword) {
      found.confirmPassword = t('errors.PASSWORDS_DO_NOT_MATCH');
    }
    if (form.needsCurrentPassword && values.currentPassword === '') {
      found.currentPassword = t('errors.CURRENT_PASSWORD_REQUIRED');
    }
    setLocalErrors(found);
    if (Object.keys(found).length === 0) save.mutate(form.body());
  };

  const firstLocal = Object.values(localErrors)[0];
  const message: Message | null = firstLocal
    ? { tone: 'error', text: firstLocal }
    : save.isError
      ? { tone: 'error', text: errorText(save.error, t) }
      : null;

  const languageOptions = LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}.name`) }));
  // 'By language' shows what the chosen interface language writes (the reports follow theirs alike).
  const byLanguage = numberFormat(LOCALE_OF[values.language]).format(1234.5, 1);
  const numberFormatOptions = NUMBER_FORMAT_CHOICES.map((choice) => ({ value: choice, label: t(`profile.numberFormats.${choice}`, { example: byLanguage }) }));
  const text = (field: 'name' | 'company' | 'email') => ({
    value: values[field],
    error: errors[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(field, event.currentTarget.value),
  });
  const password = (field: 'newPassword' | 'confirmPassword' | 'currentPassword') => ({
    value: values[field],
    error: errors[field],
    leftSection: <IconLock size={18} />,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(field, event.currentTarget.value),
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg">
          <Title order={2} size="h4" mb="md">{t('profile.personal')}</Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TextInput
              label={t('fields.name')}
              autoComplete="name"
              required
              {...text('name')}
              data-testid="profile-name"
            />
            <TextInput
              label={t('fields.company')}
              autoComplete="organization"
              {...text('company')}
              data-testid="profile-company"
            />
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              required
              {...text('email')}
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
              value={values.separador_csv}
              error={errors.separador_csv}
              onChange={(event) => set('separador_csv', event.currentTarget.value as CsvSeparator)}
              data-testid="profile-separator"
            />
            <NativeSelect
              size="md"
              label={t('profile.numberFormat')}
              description={t('profile.numberFormatHint')}
              data={numberFormatOptions}
              value={values.separador_decimal}
              error={errors.separador_decimal}
              onChange={(event) => set('separador_decimal', event.currentTarget.value as NumberFormatChoice)}
              data-testid="profile-number-format"
            />
            <NativeSelect
              size="md"
              label={t('profile.timezone')}
              description={t('profile.timezoneHint')}
              data={timezoneOptions(user.timezone)}
              value={values.timezone}
              error={errors.timezone}
              onChange={(event) => set('timezone', event.currentTarget.value)}
              data-testid="profile-timezone"
            />
            <NativeSelect
              size="md"
              label={t('profile.language')}
              data={languageOptions}
              value={values.language}
              error={errors.language}
              onChange={(event) => set('language', event.currentTarget.value as Language)}
              data-testid="profile-language"
            />
            <NativeSelect
              size="md"
              label={t('profile.reportsLanguage')}
              description={t('profile.reportsLanguageHint')}
              data={languageOptions}
              value={values.reports_language}
              error={errors.reports_language}
              onChange={(event) => set('reports_language', event.currentTarget.value as Language)}
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
              {...password('newPassword')}
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

        <Collapse expanded={form.needsCurrentPassword}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg" bg="var(--mantine-color-yellow-0)">
            <PasswordInput
              label={t('fields.currentPassword')}
              description={t('profile.currentPasswordHint')}
              autoComplete="current-password"
              required={form.needsCurrentPassword}
              maw={480}
              {...password('currentPassword')}
              data-testid="profile-current-password"
            />
          </Paper>
        </Collapse>

        <MessageArea message={message} testId="profile-message" />
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
