import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowsSplit2, IconPhoto } from '@tabler/icons-react';
import type { MsgSel, SelCategoria } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { ReportTable } from '../../components/reports/ReportTable';
import { isoToMasked } from '../records/dates';
import { useNumberFormat } from '../records/useNumberFormat';
import { useWhen } from '../records/when';
import { birdLevel } from '../reports/statFields';
import { useCategoryLabel } from '../uniformization/CategoryName';
import { birdBarColour, birdBarWidth, categoryName } from './grader';
import classes from './GraderPanel.module.css';
import { pictureSrc } from './pictures';
import type { GraderState } from './useGraderState';

/** A box's label: the translated section 9 category, the grader's own text, or 'Box n'. */
function useBoxLabel() {
  const { t } = useTranslation();
  const category = useCategoryLabel();
  return (entry: Pick<SelCategoria, 'box' | 'descricao'>) => {
    const name = categoryName(entry);
    return name === null ? t('devices.remote.boxN', { box: entry.box }) : category(name);
  };
}

/**
 * A grader's selection in progress (spec section 3): header facts, one box per category with its
 * bird bar, the side indicator, the overall summary and the graders table. Test ids:
 * `grader-header`, `grader-side` (data-state whole | box), `grader-box` (data-box, data-flash,
 * data-level 0–2), `grader-summary`, `grader-seletoras`.
 */
export function GraderPanel({ state }: { state: GraderState & { reading: NonNullable<GraderState['reading']> } }) {
  const { sel, em } = state.reading;
  const label = useBoxLabel();
  return (
    <Stack gap="md" data-testid="grader-panel">
      <GraderHeader sel={sel} em={em} side={state.side.map((box) => label(sel.categorias.find((entry) => entry.box === box) ?? { box, descricao: '' }))} />
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
        {sel.categorias.map((entry) => (
          <CategoryBox key={entry.box} entry={entry} all={sel.categorias} label={label(entry)} flashing={state.flashing.has(entry.box)} side={state.side.includes(entry.box)} />
        ))}
      </SimpleGrid>
      <Summary sel={sel} />
      <Seletoras sel={sel} />
    </Stack>
  );
}

function GraderHeader({ sel, em, side }: { sel: MsgSel; em: string; side: string[] }) {
  const { t } = useTranslation();
  const when = useWhen();
  const facts = [
    { name: 'data', value: isoToMasked(sel.data) },
    { name: 'nucleo', value: sel.nucleo },
    { name: 'lote', value: sel.lote },
    { name: 'aviario', value: sel.aviario },
    { name: 'sexo', value: sel.sexo },
    { name: 'idade', value: t('devices.remote.days', { count: sel.idade }) },
  ].filter((fact) => fact.value.trim() !== '');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="grader-header">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6} miw={0} style={{ flex: '1 1 260px' }}>
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {sel.header.trim() || t('devices.remote.selection')}
          </Title>
          <Group gap={6}>
            {facts.map((fact) => (
              <Badge key={fact.name} variant="light" color="gray" tt="none" size="md" maw="100%" data-fact={fact.name}>
                {t(`devices.remote.fact.${fact.name}`)}: {fact.value}
              </Badge>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {t('devices.remote.receivedAt', { when: when.dateTime(em) })}
          </Text>
        </Stack>
        <Stack gap={2} align="flex-end">
          <Text size="xs" c="dimmed">
            {t('devices.remote.side')}
          </Text>
          <Badge
            size="xl"
            radius="sm"
            tt="none"
            variant={side.length > 0 ? 'filled' : 'light'}
            color={side.length > 0 ? 'field' : 'gray'}
            leftSection={<IconArrowsSplit2 size={18} />}
            maw={260}
            data-testid="grader-side"
            data-state={side.length > 0 ? 'box' : 'whole'}
          >
            {side.length > 0 ? side.join(' · ') : t('devices.remote.whole')}
          </Badge>
        </Stack>
      </Group>
    </Paper>
  );
}

interface CategoryBoxProps {
  entry: SelCategoria;
  all: readonly SelCategoria[];
  label: string;
  flashing: boolean;
  side: boolean;
}

function CategoryBox({ entry, all, label, flashing, side }: CategoryBoxProps) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const className = [classes.box, flashing ? classes.flash : '', side ? classes.side : ''].filter(Boolean).join(' ');
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'xs', sm: 'sm' }}
      className={className}
      data-testid="grader-box"
      data-box={entry.box}
      data-flash={flashing ? 'true' : 'false'}
      data-level={birdLevel(entry.aves)}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Text fw={600} size="sm" truncate="end" title={label}>
            {label}
          </Text>
          <Badge variant="light" size="sm" tt="none" style={{ flexShrink: 0 }}>
            {n.format(entry.percent, 1)}%
          </Badge>
        </Group>
        <Group gap={6} align="baseline" wrap="nowrap">
          <Text fz={{ base: 26, sm: 30 }} fw={700} className={classes.count} data-testid="grader-box-aves">
            {n.format(entry.aves, 0)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('devices.remote.birds', { count: entry.aves })}
          </Text>
        </Group>
        <div className={classes.bar} role="presentation">
          <div className={classes.barFill} style={{ width: `${birdBarWidth(entry.aves, all)}%`, backgroundColor: birdBarColour(entry.aves) }} />
        </div>
        <Group justify="space-between" gap={4}>
          <Text size="xs" c="dimmed">
            {t('devices.remote.pm')} <b>{entry.aves > 0 ? `${n.format(entry.pm, 1)} g` : '–'}</b>
          </Text>
          <Text size="xs" c="dimmed">
            {n.format(entry.peso_total / 1000, 1)} kg
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

function Summary({ sel }: { sel: MsgSel }) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const info = sel.infoGeral;
  const items = [
    { name: 'aves', label: t('devices.remote.totalBirds'), value: n.format(info.aves, 0) },
    { name: 'pm', label: t('devices.remote.pm'), value: info.aves > 0 ? `${n.format(info.pm, 1)} g` : '–' },
    { name: 'peso_total', label: t('devices.remote.totalWeight'), value: `${n.format(info.peso_total / 1000, 1)} kg` },
    { name: 'percent', label: t('devices.remote.percent'), value: `${n.format(info.percent, 1)}%` },
  ];
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} bg="var(--mantine-color-field-0)" data-testid="grader-summary">
      <Stack gap="xs">
        <Text fw={600}>{info.desc.trim() || t('devices.remote.summary')}</Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {items.map((item) => (
            <Stack key={item.name} gap={0} data-field={item.name}>
              <Text size="xs" c="dimmed">
                {item.label}
              </Text>
              <Text fw={700} size="lg" className={classes.count}>
                {item.value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function Seletoras({ sel }: { sel: MsgSel }) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  if (sel.seletoras.length === 0) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="grader-seletoras">
      <Stack gap="xs">
        <Text fw={600}>{t('devices.remote.graders')}</Text>
        <ReportTable
          testId="grader-seletoras-table"
          striped
          verticalSpacing={6}
          horizontalSpacing="xs"
          minWidth={300}
          columns={[
            { key: 'serie', header: t('devices.remote.serial'), dataCol: false, cell: (seletora) => <span style={{ overflowWrap: 'anywhere' }}>{seletora.serie}</span> },
            { key: 'total_aves', header: t('devices.remote.totalBirds'), align: 'number', dataCol: false, cell: (seletora) => n.format(seletora.total_aves, 0) },
            { key: 'aves_hora', header: t('devices.remote.birdsPerHour'), align: 'number', dataCol: false, cell: (seletora) => n.format(seletora.aves_hora, 0) },
            { key: 'foto', header: t('devices.remote.picture'), align: 'center', dataCol: false, cell: (seletora) => <PictureLink img={seletora.img} /> },
          ]}
          rows={sel.seletoras}
          rowKey={(seletora, index) => `${seletora.serie}-${index}`}
        />
      </Stack>
    </Paper>
  );
}

/** A grader's picture opens in a new tab; without one, a dash. */
function PictureLink({ img }: { img: string }) {
  const { t } = useTranslation();
  const picture = pictureSrc(img);
  if (!picture) {
    return (
      <Text span c="dimmed">
        –
      </Text>
    );
  }
  return (
    <Anchor href={picture} target="_blank" rel="noopener noreferrer" aria-label={t('devices.remote.picture')}>
      <IconPhoto size={18} />
    </Anchor>
  );
}
