import { AppShell, Badge, Button, Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { MENU_TOP, visibleMenu, type VisibleMenuEntry } from '@portal/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from './session/session';
import { useLogout } from './session/useSignIn';
import { useAccountDevices } from './devices/useAccountDevices';
import { LanguageFlags } from './LanguageFlags';
import { iconForMenu } from './menuIcons';
import classes from './SideMenu.module.css';
import { useScrollHints } from './useScrollHints';
import { UserBlock } from './UserBlock';

const isActive = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** Room kept between an entry scrolled into view and the viewport's edge, clear of the fades. */
const ENTRY_MARGIN_PX = 48;

/** Scrolls `viewport` just enough to show `entry` whole, clear of the fades at its edges. */
function revealEntry(viewport: HTMLElement, entry: HTMLElement) {
  const area = viewport.getBoundingClientRect();
  const box = entry.getBoundingClientRect();
  if (box.top < area.top + ENTRY_MARGIN_PX) viewport.scrollTop -= area.top + ENTRY_MARGIN_PX - box.top;
  else if (box.bottom > area.bottom - ENTRY_MARGIN_PX) viewport.scrollTop += box.bottom - (area.bottom - ENTRY_MARGIN_PX);
}

/**
 * The side menu of spec section 2; which groups and entries show is decided by @portal/shared.
 * The entries scroll between the user block and Logout: on a short screen a visible scrollbar, a
 * fade at each end that hides more and a 'more below' button show that there is more; the entry
 * of the screen shown is scrolled into view. Test ids: `menu-<key>`, `menu-group-<key>`,
 * `menu-scroll` (the scrolling viewport), `menu-more-below`, `menu-devices-badge`.
 */
export function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const { models, warnings } = useAccountDevices();
  const { logout, busy } = useLogout();
  const viewport = useRef<HTMLDivElement>(null);
  const hints = useScrollHints(viewport);
  const groups = visibleMenu(models);
  const entryCount = groups.reduce((count, group) => count + group.entries.length, 0);

  // Arriving on a screen (or once the gated entries load), its entry is in view.
  useEffect(() => {
    const element = viewport.current;
    const active = element?.querySelector<HTMLElement>('[data-active]');
    if (element && active) revealEntry(element, active);
  }, [pathname, entryCount]);

  const scrollDown = () => {
    const element = viewport.current;
    if (element) element.scrollBy({ top: element.clientHeight - ENTRY_MARGIN_PX * 2, behavior: 'smooth' });
  };

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
      <AppShell.Section grow className={classes.scrollFrame}>
        <ScrollArea
          type="auto"
          scrollbars="y"
          scrollbarSize={10}
          viewportRef={viewport}
          viewportProps={{ 'data-testid': 'menu-scroll' } as React.ComponentProps<'div'>}
          classNames={{ root: classes.scrollRoot, scrollbar: classes.scrollbar, thumb: classes.thumb }}
        >
          <Stack gap={2} px="md" pt={4} pb="md">
            {MENU_TOP.map((entry) => renderEntry(entry))}
            {groups.map((group) => (
              <Stack key={group.key} gap={2} role="group" aria-labelledby={`menu-group-${group.key}-label`} data-testid={`menu-group-${group.key}`}>
                <Text id={`menu-group-${group.key}-label`} size="xs" fw={700} tt="uppercase" className={classes.groupLabel}>
                  {t(`menuGroups.${group.key}`)}
                </Text>
                {group.entries.map(renderEntry)}
              </Stack>
            ))}
          </Stack>
        </ScrollArea>
        <div className={classes.fadeTop} data-shown={hints.above || undefined} aria-hidden="true" />
        <div className={classes.fadeBottom} data-shown={hints.below || undefined} aria-hidden="true">
          {hints.below && (
            // A pointer's shortcut: keyboard users reach every entry with Tab, which scrolls the menu.
            <Button
              variant="default"
              radius="xl"
              size="compact-sm"
              tabIndex={-1}
              onClick={scrollDown}
              title={t('menu.moreBelow')}
              rightSection={<IconChevronDown size={16} />}
              className={classes.moreBelow}
              data-testid="menu-more-below"
            >
              {t('menu.more')}
            </Button>
          )}
        </div>
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
