import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Brand } from './Brand';
import { SideMenu } from './SideMenu';

/** The signed-in shell: side menu on desktop, burger and sliding menu on phones. */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  // A phone menu closes once the user has gone somewhere.
  useEffect(close, [pathname, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 290, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
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
        </Group>
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
