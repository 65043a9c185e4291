import { Box, Group, Menu, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useOwner } from '../../features/records/owner';
import { useOwnerLabel } from '../../features/records/OwnerPicker';
import classes from './Header.module.css';
import { pathAfterOwnerChange } from './ownerSwitch';

/**
 * Whose data every screen shows, in the header (test id `header-owner-picker`, the name in
 * `header-owner-name`, each choice `header-owner-option` with `data-owner-id`). Only for a user
 * who may see more than one owner. The name is never cut: it wraps instead (on a phone the picker
 * has the header's second row to itself). The choice is useOwner's, remembered per user.
 */
export function HeaderOwnerPicker() {
  const { t } = useTranslation();
  const owner = useOwner();
  const label = useOwnerLabel();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const current = owner.owner;
  if (owner.owners.length < 2 || !current) return null;

  const choose = (id: number) => {
    if (id === current.id) return;
    owner.choose(id);
    const next = pathAfterOwnerChange(pathname, search, id);
    if (next !== `${pathname}${search}`) void navigate(next);
  };

  return (
    <Menu position="bottom-end" shadow="md" withinPortal width={320}>
      <Menu.Target>
        <UnstyledButton className={classes.ownerButton} data-testid="header-owner-picker" data-owner-id={current.id}>
          <Group gap="xs" wrap="nowrap" align="center">
            <ThemeIcon variant="light" radius="xl" size={30} className={classes.fixed}>
              <IconUsers size={17} />
            </ThemeIcon>
            <Box miw={0} className={classes.grow}>
              <Text size="xs" c="dimmed" lh={1.2}>
                {t('records.owner.label')}
              </Text>
              <Text size="sm" fw={600} lh={1.25} className={classes.ownerName} data-testid="header-owner-name">
                {label(current)}
              </Text>
            </Box>
            <IconChevronDown size={16} className={classes.fixed} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown data-testid="header-owner-options">
        <Menu.Label>{t('records.owner.pickerTitle')}</Menu.Label>
        {owner.owners.map((entry) => {
          const active = entry.id === current.id;
          return (
            <Menu.Item
              key={entry.id}
              onClick={() => choose(entry.id)}
              leftSection={active ? <IconCheck size={16} /> : <Box w={16} />}
              aria-current={active ? 'true' : undefined}
              data-testid="header-owner-option"
              data-owner-id={entry.id}
            >
              <Text size="sm" fw={active ? 600 : 400} className={classes.ownerName}>
                {label(entry)}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`records.owner.access.${entry.nivel}`)}
              </Text>
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
