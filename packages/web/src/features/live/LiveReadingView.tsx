import { Anchor, Badge, Box, Button, Group, Image, Loader, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconBroadcast, IconEye } from '@tabler/icons-react';
import type { LiveReading } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLiveStatus, type LiveStatus } from '../../api/live';
import { useNumberFormat } from '../records/useNumberFormat';
import { useAccountClock } from '../../components/clock/useAccountClock';
import { readingFacts, type ReadingFact } from './readings';
import type { DeviceLive } from './useLiveReadings';

const TONE_COLOR: Record<NonNullable<ReadingFact['tone']>, string> = { good: 'field', warn: 'orange', off: 'gray' };

function FactValue({ fact, size }: { fact: ReadingFact; size: string }) {
  const { t } = useTranslation();
  const text = fact.value ?? (fact.valueKey ? t(fact.valueKey, fact.valueParams) : '');
  if (fact.tone) {
    return (
      <Badge variant="light" color={TONE_COLOR[fact.tone]} tt="none" size="md" data-testid={`live-fact-${fact.key}`}>
        {text}
      </Badge>
    );
  }
  return (
    <Text fw={700} size={size} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`live-fact-${fact.key}`}>
      {text}
    </Text>
  );
}

/** The socket's state as a small dot (tooltip) or a badge with words; readings pause while it is down. */
export function LiveStatusIndicator({ withText = false }: { withText?: boolean }) {
  const { t } = useTranslation();
  const status = useLiveStatus();
  const color: Record<LiveStatus, string> = { open: 'field', connecting: 'yellow', closed: 'red' };
  const label = status === 'open' ? t('live.status.open') : t('live.status.down');
  if (withText) {
    return (
      <Badge variant="light" color={color[status]} tt="none" size="lg" leftSection={status === 'open' ? <IconBroadcast size={14} /> : <Loader size={10} color={color[status]} />} data-testid="live-status" data-state={status}>
        {label}
      </Badge>
    );
  }
  return (
    <Tooltip label={label} withArrow>
      <Box
        component="span"
        role="status"
        aria-label={label}
        w={10}
        h={10}
        style={{ display: 'inline-block', flex: 'none', borderRadius: '50%', background: `var(--mantine-color-${color[status]}-6)` }}
        data-testid="live-status-dot"
        data-state={status}
      />
    </Tooltip>
  );
}

/** 'Updated 14:32:05' on the account's clock (with its zone when the browser's differs), or nothing before the first reading. */
export function UpdatedAt({ em }: { em: string | undefined }) {
  const { t } = useTranslation();
  const clock = useAccountClock();
  if (!em) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="live-updated">
      {t('live.updated', { time: clock.labelled(clock.moment(em)) })}
    </Text>
  );
}

/** The grader's selection: flock, house and sex line (as the grader names them) under its summary. */
function GraderLine({ reading }: { reading: Extract<LiveReading, { tipo: 'SEL' }> }) {
  const parts = [reading.lote, reading.aviario, reading.sexo].filter(Boolean);
  return parts.length > 0 ? (
    <Text size="sm" c="dimmed">
      {parts.join(' · ')}
    </Text>
  ) : null;
}

/**
 * A device's live state (dashboard cards and rows, device page): its last reading as facts,
 * the grader's remote-view link, the last picture. Before anything arrives it says so, never
 * showing numbers it does not have. Test ids `live-reading` (data-tipo), `live-waiting`,
 * `live-fact-<key>`, `live-image`, `live-remote-link`.
 */
export function LiveReadingView({ deviceId, live, compact = false }: { deviceId: number; live: DeviceLive | undefined; compact?: boolean }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const clock = useAccountClock();
  const reading = live?.reading?.leitura;
  const image = live?.image;

  if (!reading && !image) {
    return (
      <Group gap="xs" c="dimmed" data-testid="live-waiting">
        <Loader size="xs" type="dots" color="gray" />
        <Text size="sm">{t('live.waiting')}</Text>
      </Group>
    );
  }

  const facts = reading ? readingFacts(reading, format, live?.lastBatch?.leitura) : [];
  const main = facts.find((fact) => fact.main);
  const rest = facts.filter((fact) => !fact.main);
  const remote =
    reading?.tipo === 'SEL' ? (
      <Button component={Link} to={`/remoto/${deviceId}`} variant="light" size="xs" leftSection={<IconEye size={16} />} data-testid="live-remote-link">
        {t('live.remote')}
      </Button>
    ) : null;
  const picture = image ? (
    <Anchor href={image.url} target="_blank" rel="noreferrer" aria-label={t('live.openPicture')} style={{ flex: 'none' }}>
      <Image src={image.url} alt={t('live.pictureAlt', { time: clock.labelled(clock.moment(image.em)) })} w={compact ? 56 : 96} h={compact ? 42 : 72} fit="cover" radius="sm" data-testid="live-image" />
    </Anchor>
  ) : null;

  if (compact) {
    return (
      <Group gap="md" wrap="wrap" align="center" data-testid="live-reading" data-tipo={reading?.tipo}>
        {facts.map((fact) => (
          <Group key={fact.key} gap={6} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {t(`live.fact.${fact.key}`)}
            </Text>
            <FactValue fact={fact} size="sm" />
          </Group>
        ))}
        {remote}
        {picture}
      </Group>
    );
  }

  return (
    <Stack gap="sm" data-testid="live-reading" data-tipo={reading?.tipo}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        {main ? (
          <Stack gap={0} miw={0}>
            <Text size="xs" c="dimmed">
              {t(`live.fact.${main.key}`)}
            </Text>
            <FactValue fact={main} size="xl" />
          </Stack>
        ) : (
          <Box />
        )}
        {picture}
      </Group>
      {reading?.tipo === 'SEL' && <GraderLine reading={reading} />}
      {rest.length > 0 && (
        <SimpleGrid cols={3} spacing="xs" verticalSpacing="xs">
          {rest.map((fact) => (
            <Stack key={fact.key} gap={2} miw={0}>
              <Text size="xs" c="dimmed">
                {t(`live.fact.${fact.key}`)}
              </Text>
              <FactValue fact={fact} size="sm" />
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {remote && <Group>{remote}</Group>}
    </Stack>
  );
}
