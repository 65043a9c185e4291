import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Product mark and name. */
export function Brand({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  const large = size === 'lg';
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={large ? 48 : 36} radius="md" variant="filled">
        <IconScale size={large ? 28 : 22} />
      </ThemeIcon>
      <Text fw={800} fz={large ? 24 : 18} lh={1.1}>
        {t('app.name')}
      </Text>
    </Group>
  );
}
