import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSearchOff, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface NoticePanelProps {
  icon: Icon;
  title?: string;
  text: string;
  /** The way on: an add button, back to the list. */
  action?: ReactNode;
  testId: string;
  /** Gray for what the user cannot change (not found, read-only); default: the brand's. */
  color?: string;
  maw?: number;
}

/**
 * A centred card with a big icon, where a screen has nothing to show: an empty list, a record
 * not found, a screen kept for its owner, a finished registration.
 */
export function NoticePanel({ icon: PanelIcon, title, text, action, testId, color, maw = 460 }: NoticePanelProps) {
  return (
    <Paper withBorder radius="lg" p="xl" data-testid={testId}>
      <Center>
        <Stack align="center" gap="md" maw={maw}>
          <ThemeIcon size={64} radius="xl" variant="light" color={color}>
            <PanelIcon size={34} />
          </ThemeIcon>
          {title && (
            <Title order={2} size="h4" ta="center">
              {title}
            </Title>
          )}
          {/* Under a title the text explains, so it steps back; alone it is the message. */}
          <Text c={title ? 'dimmed' : undefined} ta="center">
            {text}
          </Text>
          {action}
        </Stack>
      </Center>
    </Paper>
  );
}

/** The record of the url does not exist (or is not the owner's): say so, with the way back. */
export function NotFoundPanel({ text, listPath }: { text: string; listPath: string }) {
  const { t } = useTranslation();
  return (
    <NoticePanel
      icon={IconSearchOff}
      color="gray"
      maw={420}
      text={text}
      testId="record-not-found"
      action={
        <Button component={Link} to={listPath} variant="light" data-testid="record-back">
          {t('records.form.backToList')}
        </Button>
      }
    />
  );
}
