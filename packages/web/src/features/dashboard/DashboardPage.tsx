import { Anchor, Button, Card, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconBuildingCommunity, IconDevices, IconFeather, IconUsers, type Icon } from '@tabler/icons-react';
import { visibleMenu, type VisibleMenuEntry } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { iconForMenu } from '../../components/menuIcons';
import { PageFrame } from '../../components/PageFrame';
import { useCurrentUser } from '../../components/session/session';
import { PinnedCharts } from '../charts/PinnedCharts';
import { useAccountDevices } from '../../components/devices/useAccountDevices';
import { LiveSection } from '../live/LiveSection';
import { useOwner, type OwnerState } from '../records/owner';
import { grantingOwners, isEmptyAccount } from '../records/ownerChoice';
import { ReadOnlyBadge, useOwnerLabel } from '../records/OwnerPicker';
import { fetchUsrStats, usrStatsKey } from '../records/usrStats';
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

function FirstSteps() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className={classes.hero} data-testid="dashboard-first-steps">
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
  );
}

/**
 * A user with grants looking at their own empty account: the owners whose data they may see,
 * one click away (test id `dashboard-shared`, each owner `dashboard-shared-owner`).
 */
function SharedWithYou({ owner }: { owner: OwnerState }) {
  const { t } = useTranslation();
  const label = useOwnerLabel();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className={classes.hero} data-testid="dashboard-shared">
      <Group gap="sm" wrap="nowrap" mb={4}>
        <ThemeIcon size={36} radius="xl" variant="light">
          <IconUsers size={20} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('dashboard.shared.title')}
        </Title>
      </Group>
      <Text c="dimmed" mb="md">
        {t('dashboard.shared.text')}
      </Text>
      <Group gap="sm">
        {grantingOwners(owner.owners).map((entry) => (
          <Button
            key={entry.id}
            variant="light"
            rightSection={<IconArrowRight size={18} />}
            onClick={() => owner.choose(entry.id)}
            styles={{ root: { height: 'auto', minHeight: 36 }, label: { whiteSpace: 'normal', textAlign: 'left' } }}
            data-testid="dashboard-shared-owner"
            data-owner-id={entry.id}
          >
            {t('dashboard.shared.see', { name: label(entry) })}
          </Button>
        ))}
      </Group>
      <Anchor component={Link} to="/nucleos/add" size="sm" mt="md" display="inline-block" data-testid="dashboard-shared-own">
        {t('dashboard.shared.own')}
      </Anchor>
    </Paper>
  );
}

/**
 * What opens the dashboard for the owner acted for: first steps for a new account without grants;
 * for a user with grants looking at their own empty account, the owners sharing data with them.
 * Nothing until the owner, the devices and (for the second) the own counts are known: no flash.
 */
function useOpening(owner: OwnerState, devicesLoaded: boolean, hasDevices: boolean): 'firstSteps' | 'shared' | null {
  const grants = grantingOwners(owner.owners).length;
  const ownScreen = owner.ready && !owner.isOther;
  const own = useQuery({
    queryKey: usrStatsKey(undefined),
    queryFn: () => fetchUsrStats(undefined),
    enabled: ownScreen && grants > 0,
    staleTime: 0,
  });
  if (!ownScreen) return null;
  if (grants > 0) return own.data && isEmptyAccount(own.data.contagens) ? 'shared' : null;
  return devicesLoaded && !hasDevices ? 'firstSteps' : null;
}

/**
 * The landing page after login, for the owner acted for (one's own data, or an owner's who granted
 * access: the header's picker): a welcome, first steps while a new account has no device (or the
 * owners sharing data with a user who has none of their own), the live readings of its live
 * devices, the counts and each active flock's latest weighing with its growth curve (usrstats),
 * then a way into every area.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const owner = useOwner();
  const label = useOwnerLabel();
  const { models, devices, loaded } = useAccountDevices();
  const opening = useOpening(owner, loaded, models.length > 0);
  const firstName = user.name.trim().split(/\s+/)[0] ?? '';
  const description = owner.isOther && owner.owner ? t('dashboard.sharedBy', { name: label(owner.owner) }) : t('screens.dashboard.description');

  return (
    <PageFrame
      title={t('dashboard.welcome', { name: firstName })}
      description={description}
      badges={<ReadOnlyBadge owner={owner} />}
    >
      {opening === 'firstSteps' && <FirstSteps />}
      {opening === 'shared' && <SharedWithYou owner={owner} />}

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
