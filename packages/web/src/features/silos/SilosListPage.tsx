import { IconBuildingWarehouse } from '@tabler/icons-react';
import type { Silo } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { isoToMasked } from '../records/dates';
import type { RecordColumn } from '../records/ListTable';
import { listTexts, RecordListPage } from '../records/RecordListPage';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { siloAddPath, siloApi, siloPath, useSiloRunOut } from './api';
import { SiloGauge } from './SiloGauge';
import { SiloRunOutCell, useRunOutTexts } from './SiloRunOut';

/** silos: the owner's silos with their feed balance, how full each is and, with a scale, when it runs out. */
export default function SilosListPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const runOut = useSiloRunOut();
  const runOutTexts = useRunOutTexts();
  const fimOf = (silo: Silo) => runOut.data?.silos.find((fim) => fim.silo_id === silo.id);
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
      accessor: 'id',
      title: t('silos.runOut.column'),
      width: 170,
      secondary: true,
      sortValue: (silo) => fimOf(silo)?.horas ?? null,
      render: (silo) => (silo.device_id === null ? '—' : <SiloRunOutCell fim={fimOf(silo)} />),
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
          {fimOf(silo)?.horas != null && (
            <>
              <br />
              <span data-testid="silo-runout-phone">{`${runOutTexts.when(fimOf(silo)!)} (${runOutTexts.left(fimOf(silo)!)})`}</span>
            </>
          )}
        </>
      )}
      icon={IconBuildingWarehouse}
      texts={listTexts(t, 'silos.list')}
    />
  );
}
