import { Avatar, Box, Button, Group, Popover, Text, UnstyledButton } from '@mantine/core';
import { IconSelector, IconUserCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@portal/shared';
import classes from './SideMenu.module.css';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase();
}

/** Name and e-mail of the user; opens a popover with 'Meu perfil' (spec section 2). */
export function UserBlock({ user, onNavigate }: { user: User; onNavigate: () => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom" width="target" shadow="md" withArrow>
      <Popover.Target>
        <UnstyledButton
          className={classes.user}
          data-testid="menu-user"
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => setOpened((open) => !open)}
        >
          <Group gap="sm" wrap="nowrap">
            <Avatar color="field" radius="xl">
              {initials(user.name)}
            </Avatar>
            <Box miw={0} style={{ flex: 1 }}>
              <Text size="sm" fw={600} truncate="end" data-testid="menu-user-name">
                {user.name}
              </Text>
              <Text size="xs" c="dimmed" truncate="end" data-testid="menu-user-email">
                {user.email}
              </Text>
            </Box>
            <IconSelector size={16} color="var(--mantine-color-dimmed)" />
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Button
          component={Link}
          to="/perfil"
          variant="subtle"
          fullWidth
          justify="flex-start"
          leftSection={<IconUserCircle size={20} />}
          data-testid="menu-profile-link"
          onClick={() => {
            setOpened(false);
            onNavigate();
          }}
        >
          {t('menu.myProfile')}
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}
