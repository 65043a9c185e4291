import { AppShell, Box, Burger, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useOwner } from '../features/records/owner';
import { Brand } from './Brand';
import classes from './header/Header.module.css';
import { LazyOfflineIndicator, LazyOwnerPicker, LazyWarningsButton } from './header/HeaderPart';
import { SideMenu } from './SideMenu';

const HEADER_HEIGHT = 60;
/** On a phone the owner picker takes a second row (Header.module.css .phoneRow). */
const PHONE_PICKER_ROW = 64;
/** Mantine's sm breakpoint, where the side menu becomes the burger's. */
const PHONE = '(max-width: 47.99em)';

/**
 * The signed-in shell: side menu on desktop, burger and sliding menu on phones; the header holds
 * whose data is shown (for a user with grants) and the devices' warnings; `headerParts`: what
 * features add there (the router gives the alarm bell: base components import no feature).
 */
export function AppLayout({ children, headerParts }: { children?: ReactNode; headerParts?: ReactNode }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const hasOwnerPicker = useOwner().owners.length > 1;
  const phone = useMediaQuery(PHONE, undefined, { getInitialValueInEffect: false }) ?? false;

  // A phone menu closes once the user has gone somewhere.
  useEffect(close, [pathname, close]);

  return (
    <AppShell
      header={{ height: hasOwnerPicker && phone ? HEADER_HEIGHT + PHONE_PICKER_ROW : HEADER_HEIGHT }}
      navbar={{ width: 290, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header data-testid="header">
        <Group h={HEADER_HEIGHT} px="md" gap="sm" wrap="nowrap">
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="sm"
            size="md"
            aria-label={t(opened ? 'menu.close' : 'menu.open')}
            aria-expanded={opened}
            data-testid="burger"
          />
          <Brand />
          <Group gap="sm" wrap="nowrap" ml="auto" miw={0} justify="flex-end">
            <LazyOfflineIndicator />
            {!phone && <LazyOwnerPicker />}
            <LazyWarningsButton />
            {headerParts}
          </Group>
        </Group>
        {hasOwnerPicker && phone && (
          <Group px="md" className={classes.phoneRow} wrap="nowrap">
            <Box w="100%" miw={0}>
              <LazyOwnerPicker />
            </Box>
          </Group>
        )}
      </AppShell.Header>
      <AppShell.Navbar data-testid="menu" aria-label={t('menu.label')}>
        <SideMenu onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        {children ?? <Outlet />}
      </AppShell.Main>
    </AppShell>
  );
}
