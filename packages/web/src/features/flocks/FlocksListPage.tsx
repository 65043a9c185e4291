import { Badge, SegmentedControl, Text } from '@mantine/core';
import { IconFeather } from '@tabler/icons-react';
import type { Lote } from '@portal/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToMasked } from '../records/dates';
import { useListParams, type RecordColumn } from '../records/ListTable';
import { useRecordList } from '../records/recordApi';
import { listTexts, RecordListPage } from '../records/RecordListPage';
import { useNumberFormat } from '../records/useNumberFormat';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { siteAddPath, nucleoApi } from '../records/farms';
import { ageText } from './age';
import { flockAddPath, flockPath, loteApi } from './api';

const STATUS_FILTERS = ['todos', 'ativo', 'encerrado'] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];
const isStatusFilter = (value: string | null): value is StatusFilter => STATUS_FILTERS.includes(value as StatusFilter);

/** lotes: the owner's flocks, with their age and birds now; active and closed ones, filtered by status. */
export default function FlocksListPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const numbers = useNumberFormat();
  const farms = useRecordList(nucleoApi);
  const noFarms = farms.isSuccess && farms.data.length === 0;

  // The status filter is kept in the url (?situacao=), like the search, so Back restores it.
  const params = useListParams();
  const raw = params.get('situacao');
  const status: StatusFilter = isStatusFilter(raw) ? raw : 'todos';
  const setStatus = (value: string) => params.set({ situacao: value === 'todos' ? null : value });
  const keeps = useCallback((flock: Lote) => status === 'todos' || flock.situacao === status, [status]);

  const houses = (flock: Lote) => flock.aviarios.map((house) => house.nome).join(', ');
  const age = (flock: Lote) =>
    flock.idade === null ? (
      <Text span size="sm" c="orange.8" data-testid="flock-date-missing">
        {t('flocks.list.dateMissing')}
      </Text>
    ) : (
      ageText(t, flock.idade)
    );
  const statusBadge = (flock: Lote) => (
    <Badge variant="light" tt="none" size="md" w="max-content" color={flock.situacao === 'ativo' ? 'field' : 'gray'} data-testid="flock-status">
      {t(`flocks.situacao.${flock.situacao}`)}
    </Badge>
  );

  const columns: RecordColumn<Lote>[] = [
    { accessor: 'codigo', title: t('flocks.list.code') },
    { accessor: 'nucleo_nome', title: t('flocks.list.farm'), secondary: true },
    { accessor: 'aviarios', title: t('flocks.list.houses'), secondary: true, sortValue: houses, render: houses },
    {
      accessor: 'data_alojamento',
      title: t('flocks.list.placed'),
      secondary: true,
      noWrap: true,
      render: (flock) => isoToMasked(flock.data_alojamento) || '—',
    },
    { accessor: 'idade', title: t('flocks.list.age'), secondary: true, render: age },
    {
      accessor: 'aves_atuais',
      title: t('flocks.list.birdsNow'),
      textAlign: 'right',
      secondary: true,
      noWrap: true,
      render: (flock) => numbers.format(flock.aves_atuais),
    },
    {
      accessor: 'situacao',
      title: t('flocks.list.status'),
      secondary: true,
      sortValue: (flock) => t(`flocks.situacao.${flock.situacao}`),
      render: statusBadge,
    },
  ];

  return (
    <RecordListPage
      route={route}
      api={loteApi}
      columns={columns}
      searchText={(flock) => [flock.codigo, flock.nucleo_nome, flock.linhagem, flock.padrao_nome, houses(flock)]}
      rowPath={flockPath}
      addPath={flockAddPath}
      addButton={noFarms ? { path: siteAddPath, text: t('flocks.list.addFarm'), testId: 'flock-add-farm' } : undefined}
      // On a phone only the code column shows: the rest of the row, in short lines.
      rowSubtitle={(flock) => (
        <>
          {[flock.nucleo_nome, houses(flock)].filter(Boolean).join(' · ')}
          <br />
          {flock.data_alojamento ? t('flocks.list.placedOn', { date: isoToMasked(flock.data_alojamento) }) + ' · ' : ''}
          {age(flock)}
          <br />
          {t('flocks.list.birdsCount', { birds: numbers.format(flock.aves_atuais) })} · {t(`flocks.situacao.${flock.situacao}`)}
        </>
      )}
      icon={IconFeather}
      filter={{
        control: (
          <SegmentedControl
            aria-label={t('flocks.list.status')}
            value={status}
            onChange={setStatus}
            data={STATUS_FILTERS.map((value) => ({ value, label: t(`flocks.filter.${value}`) }))}
            w={{ base: '100%', sm: 'auto' }}
            data-testid="flock-status-filter"
          />
        ),
        keeps,
        noneText: t(`flocks.filter.none.${status === 'encerrado' ? 'encerrado' : 'ativo'}`),
        clearText: t('flocks.filter.showAll'),
        clear: () => setStatus('todos'),
      }}
      // With no farm yet, the empty list says to add a farm first.
      texts={{ ...listTexts(t, 'flocks.list'), ...(noFarms ? { emptyTitle: t('flocks.list.noFarmsTitle'), emptyHint: t('flocks.list.noFarmsHint') } : {}) }}
    />
  );
}
