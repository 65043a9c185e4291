import { AppShell, Badge, Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { MENU_TOP, visibleMenu, type VisibleMenuEntry } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../features/auth/session';
import { useLogout } from '../features/auth/useSignIn';
import { useAccountDevices } from '../features/devices/useAccountDevices';
import { LanguageFlags } from './LanguageFlags';
import { iconForMenu } from './menuIcons';
import classes from './SideMenu.module.css';
import { UserBlock } from './UserBlock';

const isActive = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** The side menu of spec section 2; which groups and entries show is decided by @portal/shared. */
export function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const { models, warnings } = useAccountDevices();
  const { logout, busy } = useLogout();

  const renderEntry = (entry: VisibleMenuEntry) => {
    const Icon = iconForMenu(entry.key);
    const suffix = entry.suffixKey ? t(`menu.${entry.suffixKey}`) : '';
    const label = `${t(`menu.${entry.key}`)}${suffix}`;
    const badge =
      entry.badge === 'deviceWarnings' && warnings > 0 ? (
        <Badge
          color="red"
          size="md"
          circle={warnings < 10}
          aria-label={t('menu.deviceWarnings', { count: warnings })}
          data-testid="menu-devices-badge"
        >
          {warnings}
        </Badge>
      ) : undefined;
    return (
      <NavLink
        key={entry.key}
        component={Link}
        to={entry.path}
        label={label}
        leftSection={<Icon size={20} stroke={1.7} />}
        rightSection={badge}
        active={isActive(pathname, entry.path)}
        onClick={onNavigate}
        className={classes.link}
        data-testid={`menu-${entry.key}`}
      />
    );
  };

  return (
    <>
      <AppShell.Section p="md" pb="xs">
        <Stack gap="sm">
          <LanguageFlags />
          <UserBlock user={user} onNavigate={onNavigate} />
        </Stack>
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} px="md" type="scroll">
        <Stack gap={2} pb="md">
          {MENU_TOP.map((entry) => renderEntry(entry))}
          {visibleMenu(models).map((group) => (
            <Stack key={group.key} gap={2} data-testid={`menu-group-${group.key}`}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" className={classes.groupLabel}>
                {t(`menuGroups.${group.key}`)}
              </Text>
              {group.entries.map(renderEntry)}
            </Stack>
          ))}
        </Stack>
      </AppShell.Section>
      <AppShell.Section p="md" pt={0}>
        <Divider mb="xs" />
        <NavLink
          component="button"
          label={t('menu.logout')}
          leftSection={<IconLogout size={20} stroke={1.7} />}
          onClick={logout}
          disabled={busy}
          className={classes.link}
          data-testid="menu-logout"
        />
      </AppShell.Section>
    </>
  );
}
