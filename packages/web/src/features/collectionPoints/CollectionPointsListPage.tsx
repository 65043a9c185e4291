import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconHistory, IconMapPin } from '@tabler/icons-react';
import { splitPiped, type PontoColeta } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RecordColumn } from '../records/ListTable';
import { listTexts, RecordListPage } from '../records/RecordListPage';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { collectionPointAddPath, collectionPointHistoryPath, collectionPointPath, pontoColetaApi } from './api';

/** collection points: name, where each is and its collectors. */
export default function CollectionPointsListPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const place = (point: PontoColeta) => [point.nucleo_nome, point.aviario_nome].filter(Boolean).join(' / ');
  const serials = (point: PontoColeta) => splitPiped(point.serie_coletores);
  const columns: RecordColumn<PontoColeta>[] = [
    { accessor: 'nome', title: t('collectionPoints.list.name') },
    {
      accessor: 'nucleo_nome',
      title: t('collectionPoints.list.place'),
      secondary: true,
      sortValue: place,
      render: (point) => place(point) || <Text c="dimmed" size="sm">{t('collectionPoints.list.noFarm')}</Text>,
    },
    {
      accessor: 'coletores',
      title: t('collectionPoints.list.collectors'),
      sortValue: (point) => serials(point).length,
      render: (point) => (
        <Group gap={6} wrap="nowrap" align="center">
          <Badge variant="light" size="lg" circle data-testid="collectors-count">
            {serials(point).length}
          </Badge>
          <Text size="sm" c="dimmed" visibleFrom="sm" style={{ overflowWrap: 'anywhere' }} data-testid="collectors-serials">
            {serials(point).join(', ')}
          </Text>
        </Group>
      ),
    },
    {
      accessor: 'historico',
      title: '',
      sortable: false,
      textAlign: 'right',
      width: 64,
      render: (point) => (
        <Tooltip label={t('collectionPoints.form.history')}>
          <ActionIcon
            component={Link}
            to={collectionPointHistoryPath(point)}
            variant="subtle"
            size="lg"
            aria-label={`${t('collectionPoints.form.history')}: ${point.nome}`}
            onClick={(event: React.MouseEvent) => event.stopPropagation()}
            data-testid="point-history-link"
          >
            <IconHistory size={20} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
  return (
    <RecordListPage
      route={route}
      api={pontoColetaApi}
      columns={columns}
      searchText={(point) => [point.nome, point.nucleo_nome, point.aviario_nome, ...serials(point), ...point.coletores.map((collector) => collector.nome)]}
      rowPath={collectionPointPath}
      addPath={collectionPointAddPath}
      rowSubtitle={(point) => (
        <>
          {place(point) || t('collectionPoints.list.noFarm')}
          <br />
          {serials(point).join(', ')}
        </>
      )}
      icon={IconMapPin}
      texts={listTexts(t, 'collectionPoints.list')}
    />
  );
}
