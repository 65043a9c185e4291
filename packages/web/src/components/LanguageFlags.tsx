import { Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { LANGUAGES } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';
import { useLanguageSwitch } from './session/useLanguageSwitch';
import { Flag } from './Flags';
import classes from './LanguageFlags.module.css';

/** PT, EN and ESP flags (spec section 2); the selected one is highlighted. */
export function LanguageFlags() {
  const { t, i18n } = useTranslation();
  const switchTo = useLanguageSwitch();
  const selected = i18n.language ? currentLanguage() : undefined;
  return (
    <Group gap={6} role="group" aria-label={t('language.choose')} wrap="nowrap">
      {LANGUAGES.map((language) => {
        const active = language === selected;
        return (
          <Tooltip key={language} label={t(`language.${language}.name`)} withArrow openDelay={400}>
            <UnstyledButton
              className={classes.flag}
              data-testid={`lang-${language}`}
              data-active={active ? 'true' : 'false'}
              aria-pressed={active}
              aria-label={t(`language.${language}.name`)}
              onClick={() => switchTo(language)}
            >
              <Flag language={language} size={24} />
              <Text span size="xs" fw={700}>
                {t(`language.${language}.short`)}
              </Text>
            </UnstyledButton>
          </Tooltip>
        );
      })}
    </Group>
  );
}
