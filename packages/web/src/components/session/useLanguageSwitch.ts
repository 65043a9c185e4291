import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@portal/shared';
import { accountsApi } from '../../api/accounts';
import { errorText } from '../../api/errorText';
import { applyLanguage } from '../../i18n';
import { useLogged, USER_QUERY_KEY } from './session';

/**
 * Switching a flag changes the interface at once; when signed in, the choice is also saved as the
 * account's language in the background, and only a failure is reported.
 */
export function useLanguageSwitch() {
  const { t } = useTranslation();
  const logged = useLogged();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (language: Language) => accountsApi.updateUser({ language }),
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
    onError: (error) =>
      notifications.show({ color: 'red', title: t('feedback.languageNotSaved'), message: errorText(error, t) }),
  });
  return (language: Language) => {
    void applyLanguage(language);
    if (logged) save.mutate(language);
  };
}
