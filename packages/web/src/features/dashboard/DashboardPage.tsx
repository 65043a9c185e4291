import { Button, Card, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconBuildingCommunity, IconDevices, IconFeather, type Icon } from '@tabler/icons-react';
import { visibleMenu, type VisibleMenuEntry } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { iconForMenu } from '../../components/menuIcons';
import { PageFrame } from '../../components/PageFrame';
import { useCurrentUser } from '../auth/session';
import { PinnedCharts } from '../charts/PinnedCharts';
import { useAccountDevices } from '../devices/useAccountDevices';
import { LiveSection } from '../live/LiveSection';
import classes from './DashboardPage.module.css';
import { FlockTiles } from './FlockTiles';

/** First steps of a new account: where farms, flocks and scales are registered. */
const FIRST_STEPS = [
  { key: 'site', to: '/nucleos/add', icon: IconBuildingCommunity },
  { key: 'flock', to: '/lotes/add', icon: IconFeather },
  { key: 'device', to: '/addbalanca', icon: IconDevices },
] as const;

function FirstStep({ stepKey, number, to, icon: StepIcon }: { stepKey: string; number: number; to: string; icon: Icon }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" className={classes.step}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={40} radius="xl" variant="light">
          <StepIcon size={22} />
        </ThemeIcon>
        <Text fw={700}>
          {t('dashboard.stepNumber', { number })} {t(`dashboard.steps.${stepKey}.title`)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" style={{ flex: 1 }}>
        {t(`dashboard.steps.${stepKey}.text`)}
      </Text>
      <Button
        component={Link}
        to={to}
        variant="light"
        rightSection={<IconArrowRight size={18} />}
        data-testid={`dashboard-step-${stepKey}`}
      >
        {t(`dashboard.steps.${stepKey}.action`)}
      </Button>
    </Stack>
  );
}

function ShortcutCard({ entry }: { entry: VisibleMenuEntry }) {
  const { t } = useTranslation();
  const EntryIcon = iconForMenu(entry.key);
  const suffix = entry.suffixKey ? t(`menu.${entry.suffixKey}`) : '';
  return (
    <Card
      component={Link}
      to={entry.path}
      withBorder
      radius="lg"
      padding="lg"
      className={classes.card}
      data-testid={`dashboard-${entry.key}`}
    >
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light">
          <EntryIcon size={24} />
        </ThemeIcon>
        <Stack gap={4} miw={0}>
          <Text fw={700}>{`${t(`menu.${entry.key}`)}${suffix}`}</Text>
          <Text size="sm" c="dimmed">
            {t(`screens.${entry.key}.description`)}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * The landing page after login: a welcome, first steps while the account has no device, the
 * live readings of its live devices, the account's counts and each active flock's latest weighing with its growth curve (usrstats),
 * then a way into every area.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const { models, devices } = useAccountDevices();
  const firstName = user.name.trim().split(/\s+/)[0] ?? '';

  return (
    <PageFrame title={t('dashboard.welcome', { name: firstName })} description={t('screens.dashboard.description')}>
      {/* First steps guide a new account; once a device is registered the farm is set up. */}
      {models.length === 0 && (
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className={classes.hero}>
        <Title order={2} size="h3">
          {t('dashboard.firstSteps')}
        </Title>
        <Text c="dimmed" mb="lg">
          {t('dashboard.firstStepsHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {FIRST_STEPS.map((step, index) => (
            <FirstStep key={step.key} stepKey={step.key} number={index + 1} to={step.to} icon={step.icon} />
          ))}
        </SimpleGrid>
      </Paper>
      )}

      <LiveSection devices={devices} />

      <FlockTiles />

      <PinnedCharts />

      {visibleMenu(models).map((group) => (
        <Stack key={group.key} gap="sm">
          <Title order={2} size="h4">
            {t(`menuGroups.${group.key}`)}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
            {group.entries.map((entry) => (
              <ShortcutCard key={entry.key} entry={entry} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </PageFrame>
  );
}
