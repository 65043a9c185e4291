import { Badge } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import type { Nucleo } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import type { RecordColumn } from '../records/ListTable';
import { listTexts, RecordListPage } from '../records/RecordListPage';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { nucleoApi, siteAddPath, sitePath } from '../records/farms';

const place = (site: Nucleo) => [site.cidade, site.estado].filter(Boolean).join(' / ');

/** nucleos: the owner's farms and hatcheries. */
export default function SitesListPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const columns: RecordColumn<Nucleo>[] = [
    { accessor: 'nome', title: t('sites.list.name') },
    { accessor: 'codigo', title: t('sites.list.code'), secondary: true, noWrap: true },
    {
      accessor: 'tipo',
      title: t('sites.list.type'),
      secondary: true,
      noWrap: true,
      sortValue: (site) => t(`sites.tipo.${site.tipo}`),
      render: (site) => (
        <Badge variant="light" tt="none" size="md" w="max-content" color={site.tipo === 'incubatorio' ? 'grape' : 'field'}>
          {t(`sites.tipo.${site.tipo}`)}
        </Badge>
      ),
    },
    { accessor: 'cidade', title: t('sites.list.place'), secondary: true, sortValue: place, render: place },
    {
      accessor: 'aviarios',
      title: t('sites.list.houses'),
      textAlign: 'right',
      secondary: true,
      sortValue: (site) => site.aviarios.length,
      render: (site) => site.aviarios.length,
    },
    { accessor: 'lotes_ativos', title: t('sites.list.activeFlocks'), textAlign: 'right', secondary: true },
  ];
  return (
    <RecordListPage
      route={route}
      api={nucleoApi}
      columns={columns}
      searchText={(site) => [site.nome, site.cidade, site.estado, site.codigo]}
      rowPath={sitePath}
      addPath={siteAddPath}
      // On a phone only the name column shows: the rest of the row, in two short lines.
      rowSubtitle={(site) => (
        <>
          {[site.codigo, t(`sites.tipo.${site.tipo}`), place(site)].filter(Boolean).join(' · ')}
          <br />
          {t(site.tipo === 'incubatorio' ? 'sites.list.countsHatchery' : 'sites.list.counts', {
            houses: site.aviarios.length,
            flocks: site.lotes_ativos,
          })}
        </>
      )}
      icon={IconBuildingCommunity}
      texts={listTexts(t, 'sites.list')}
    />
  );
}
