import { Badge, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { Comparativo, LinhaComparativo } from '@portal/shared';
import type { TFunction } from 'i18next';
import { ReportTable, type ReportColumn } from '../../components/reports';
import { INDICATORS, QUARTILE_COLOR, quartileTone, type RankingSort, type SortKey } from './ranking';
import classes from './RankingTable.module.css';

interface RankingTableProps {
  report: Comparativo;
  /** The lines in the order to show. */
  lines: readonly LinhaComparativo[];
  sort: RankingSort;
  onSort: (key: SortKey) => void;
  /** Several owners side by side: an owner column. */
  owners: boolean;
  /** The reports language and number format. */
  t: TFunction;
  number: (value: number | null, decimals: number) => string;
}

/** A quartile as a coloured badge with its words ("Cabeça", "Cola"): never colour alone. */
export function QuartileBadge({ quartil, t }: { quartil: number | null; t: TFunction }) {
  if (quartil === null) return null;
  const tone = quartileTone(quartil);
  return (
    <Badge color={QUARTILE_COLOR[tone]} variant={tone === 'middle' ? 'outline' : 'filled'} tt="none" radius="sm" className={classes.quartile} data-testid="comparison-quartile" data-quartile={quartil}>
      {t(`comparison.quartile.${quartil}`)}
    </Badge>
  );
}

/**
 * The ranking: position by IEP, quartile, name, (owner), then every indicator; each header sorts
 * (again: the other way); the bird-weighted mean under the lines. A phone scrolls it sideways
 * inside its card. Test ids: comparison-table, comparison-row (data-key, data-quartile),
 * comparison-sort-<key> (aria-sort on its button's data-sorted), comparison-mean; cells data-col.
 */
export function RankingTable({ report, lines, sort, onSort, owners, t, number }: RankingTableProps) {
  const header = (key: SortKey, text: string) => {
    const active = sort.key === key;
    const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
    return (
      <UnstyledButton
        className={classes.sort}
        onClick={() => onSort(key)}
        aria-label={t('comparison.sortBy', { column: text })}
        data-sorted={active ? sort.direction : undefined}
        data-testid={`comparison-sort-${key}`}
      >
        <span>{text}</span>
        <Icon size={14} className={active ? classes.activeIcon : classes.icon} aria-hidden="true" />
      </UnstyledButton>
    );
  };
  const columns: (ReportColumn<LinhaComparativo> | false)[] = [
    { key: 'posicao', header: header('posicao', t('comparison.columns.posicao')), align: 'number', cell: (line) => (line.posicao === null ? '—' : `${line.posicao}º`) },
    { key: 'quartil', header: t('comparison.columns.quartil'), align: 'nowrap', cell: (line) => <QuartileBadge quartil={line.quartil} t={t} /> },
    {
      key: 'nome',
      header: header('nome', t('comparison.columns.nome')),
      cell: (line) => (
        <Stack gap={0}>
          <Text fw={600} size="sm" data-testid="comparison-name">
            {line.nome}
          </Text>
          {line.nucleo && report.por !== 'nucleo' && (
            <Text size="xs" c="dimmed">
              {line.nucleo.nome}
            </Text>
          )}
        </Stack>
      ),
      total: <Text fw={700} size="sm">{t('comparison.mean')}</Text>,
    },
    owners && report.por !== 'proprietario' && { key: 'proprietario', header: header('proprietario', t('comparison.columns.proprietario')), cell: (line) => line.proprietario.nome },
    ...INDICATORS.map(([key, decimals]): ReportColumn<LinhaComparativo> => ({
      key,
      header: header(key, t(`comparison.columns.${key}`)),
      align: 'number',
      cell: (line) => number(line[key], decimals),
      total: number(report.media[key], decimals),
    })),
  ];
  return (
    <div className={classes.ranking}>
      <ReportTable
        testId="comparison-table"
        columns={columns}
        rows={lines}
        rowKey={(line) => `${line.proprietario.id}:${line.chave}`}
        rowAttributes={(line) => ({ 'data-testid': 'comparison-row', 'data-key': line.chave, 'data-quartile': line.quartil ?? undefined, 'data-tone': quartileTone(line.quartil) })}
        totals={{ 'data-testid': 'comparison-mean' }}
        minWidth={owners ? 1180 : 1060}
        striped={false}
        highlightOnHover
        dense
      />
    </div>
  );
}
