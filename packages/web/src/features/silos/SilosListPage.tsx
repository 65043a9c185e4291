import { IconBuildingWarehouse } from '@tabler/icons-react';
import type { Silo } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { isoToMasked } from '../records/dates';
import type { RecordColumn } from '../records/ListTable';
import { listTexts, RecordListPage } from '../records/RecordListPage';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { siloAddPath, siloApi, siloPath } from './api';
import { SiloGauge } from './SiloGauge';

/** silos: the owner's silos with their feed balance and how full each is. */
export default function SilosListPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const lastMovement = (silo: Silo) => isoToMasked(silo.ultimo_movimento) || t('silos.list.never');
  const columns: RecordColumn<Silo>[] = [
    { accessor: 'nome', title: t('silos.list.name') },
    { accessor: 'nucleo_nome', title: t('silos.list.farm'), secondary: true },
    { accessor: 'tipo_racao', title: t('silos.list.feed'), secondary: true },
    {
      accessor: 'saldo_kg',
      title: t('silos.list.balance'),
      width: 200,
      render: (silo) => <SiloGauge saldo={silo.saldo_kg} capacidade={silo.capacidade_kg} />,
    },
    {
      accessor: 'ultimo_movimento',
      title: t('silos.list.lastMovement'),
      secondary: true,
      noWrap: true,
      render: lastMovement,
    },
  ];
  return (
    <RecordListPage
      route={route}
      api={siloApi}
      columns={columns}
      searchText={(silo) => [silo.nome, silo.nucleo_nome, silo.tipo_racao, silo.device_nome]}
      rowPath={siloPath}
      addPath={siloAddPath}
      rowSubtitle={(silo) => (
        <>
          {[silo.nucleo_nome, silo.tipo_racao].filter(Boolean).join(' · ')}
          <br />
          {t('silos.stock.lastMovement', { date: lastMovement(silo) })}
        </>
      )}
      icon={IconBuildingWarehouse}
      texts={listTexts(t, 'silos.list')}
    />
  );
}
