import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OwnerState } from '../../records/owner';

/**
 * Keys and integration settings stay with their owner whatever a grant says (the server answers
 * FORBIDDEN): while acting for another owner, say so and offer the way back to one's own data
 * instead of an error. Test ids `owner-only`, `owner-only-self`.
 */
export function OwnerOnlyNotice({ owner, text }: { owner: OwnerState; text: string }) {
  const { t } = useTranslation();
  const self = owner.owners.find((entry) => entry.nivel === 'proprietario');
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="owner-only">
      <Center>
        <Stack align="center" gap="md" maw={520}>
          <ThemeIcon size={64} radius="xl" variant="light" color="gray">
            <IconLock size={34} />
          </ThemeIcon>
          <Title order={2} size="h4" ta="center">
            {t('devices.kit.ownerOnlyTitle', { name: owner.owner?.nome ?? '' })}
          </Title>
          <Text c="dimmed" ta="center">
            {text}
          </Text>
          {self && (
            <Button variant="light" onClick={() => owner.choose(self.id)} data-testid="owner-only-self">
              {t('devices.kit.useOwnData')}
            </Button>
          )}
        </Stack>
      </Center>
    </Paper>
  );
}
