import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { IconHistory, IconSpray } from '@tabler/icons-react';
import type { Fumigador } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RecordColumn } from '../records/ListTable';
import { listTexts, RecordListPage } from '../records/RecordListPage';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { fumigadorApi, fumigatorAddPath, fumigatorHistoryPath, fumigatorPath } from './api';
import { ActiveBadge, placeOf, useDoseText } from './fumigatorTexts';

/** fumigadores: the owner's fumigators and dosers, where each is and what it doses. */
export default function FumigatorsListPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const doseText = useDoseText();
  const columns: RecordColumn<Fumigador>[] = [
    { accessor: 'nome', title: t('fumigators.list.name') },
    { accessor: 'nucleo_nome', title: t('fumigators.list.place'), secondary: true, sortValue: placeOf, render: placeOf },
    {
      accessor: 'device_nome',
      title: t('fumigators.list.device'),
      secondary: true,
      render: (record) => record.device_nome ?? <Text c="dimmed" size="sm">{t('fumigators.list.noDevice')}</Text>,
    },
    {
      accessor: 'produto',
      title: t('fumigators.list.product'),
      secondary: true,
      render: (record) => (
        <>
          <Text size="md">{record.produto || t('fumigators.list.noProduct')}</Text>
          {record.dose_ml > 0 && (
            <Text size="sm" c="dimmed">
              {doseText(record)}
            </Text>
          )}
        </>
      ),
    },
    {
      accessor: 'ativo',
      title: t('fumigators.list.active'),
      sortValue: (record) => (record.ativo ? 0 : 1),
      render: (record) => <ActiveBadge active={record.ativo} />,
    },
    {
      accessor: 'historico',
      title: '',
      sortable: false,
      textAlign: 'right',
      width: 64,
      render: (record) => (
        <Tooltip label={t('fumigators.form.history')}>
          <ActionIcon
            component={Link}
            to={fumigatorHistoryPath(record)}
            variant="subtle"
            size="lg"
            aria-label={`${t('fumigators.form.history')}: ${record.nome}`}
            onClick={(event: React.MouseEvent) => event.stopPropagation()}
            data-testid="fumigator-history-link"
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
      api={fumigadorApi}
      columns={columns}
      searchText={(record) => [record.nome, record.nucleo_nome, record.aviario_nome, record.device_nome, record.produto]}
      rowPath={fumigatorPath}
      addPath={fumigatorAddPath}
      rowSubtitle={(record) => (
        <>
          {placeOf(record)}
          <br />
          {[record.device_nome, record.produto].filter(Boolean).join(' · ')}
        </>
      )}
      icon={IconSpray}
      texts={listTexts(t, 'fumigators.list')}
    />
  );
}

