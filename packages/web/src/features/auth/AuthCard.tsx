import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../components/Brand';
import { LanguageFlags } from '../../components/LanguageFlags';
import classes from './AuthCard.module.css';

/** The centred card of the signed-out screens: product, tagline, language, then the form. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box className={classes.page}>
      <Center mih="100dvh" p="md">
        <Stack w="100%" maw={460} gap="md">
          <Group justify="space-between" align="center" wrap="wrap" gap="sm">
            <Brand size="lg" />
            <LanguageFlags />
          </Group>
          <Text c="dimmed" size="md">
            {t('app.tagline')}
          </Text>
          <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap="md">
              <Title order={1} fz={26} data-testid="page-title">
                {title}
              </Title>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
