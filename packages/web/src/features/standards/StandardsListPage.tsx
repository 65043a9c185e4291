import { IconChartLine } from '@tabler/icons-react';
import type { Padrao } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import type { RecordColumn } from '../records/ListTable';
import { listTexts, RecordListPage } from '../records/RecordListPage';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { daysCovered, padraoApi, standardAddPath, standardPath } from './api';

/** padroes: the owner's breed standards, the days each covers and how many flocks use it. */
export default function StandardsListPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const sex = (standard: Padrao) => t(`standards.sexo.${standard.sexo}`);
  const days = (standard: Padrao) => daysCovered(standard.pontos);
  const columns: RecordColumn<Padrao>[] = [
    { accessor: 'nome', title: t('standards.list.name') },
    { accessor: 'linhagem', title: t('standards.list.breed'), secondary: true },
    { accessor: 'edicao', title: t('standards.list.edition'), secondary: true, noWrap: true },
    { accessor: 'sexo', title: t('standards.list.sex'), secondary: true, sortValue: sex, render: sex },
    {
      accessor: 'pontos',
      title: t('standards.list.days'),
      secondary: true,
      noWrap: true,
      sortValue: (standard) => Math.max(-1, ...standard.pontos.map((ponto) => ponto.idade)),
      render: days,
    },
    { accessor: 'lotes', title: t('standards.list.flocks'), textAlign: 'right', secondary: true },
  ];
  return (
    <RecordListPage
      route={route}
      api={padraoApi}
      columns={columns}
      searchText={(standard) => [standard.nome, standard.linhagem, standard.edicao, sex(standard)]}
      rowPath={standardPath}
      addPath={standardAddPath}
      rowSubtitle={(standard) => (
        <>
          {[standard.linhagem, standard.edicao, sex(standard)].filter(Boolean).join(' · ')}
          <br />
          {t('standards.list.summary', { days: days(standard), flocks: standard.lotes })}
        </>
      )}
      icon={IconChartLine}
      texts={listTexts(t, 'standards.list')}
    />
  );
}
