import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { generatePath, useParams } from 'react-router';
import { PageFrame } from '../../components/PageFrame';

/** A screen of spec section 2, described by data until its issue gives it content. */
export interface ScreenRoute {
  /** Router path, without the leading slash. */
  path: string;
  /** Locale keys `screens.<screen>.title` and `screens.<screen>.description`. */
  screen: string;
  /** The screens above it, top first; their paths may use this route's params. */
  parents?: { screen: string; path: string }[];
}

/** Title, purpose and trail of a screen; the record ids in the url are shown beside the title. */
export function ScreenFrame({ route }: { route: ScreenRoute }) {
  const { t } = useTranslation();
  const params = useParams();
  const crumbs = (route.parents ?? []).map((parent) => ({
    label: t(`screens.${parent.screen}.title`),
    to: generatePath(parent.path, params),
  }));
  const ids = Object.entries(params).filter(([name]) => name !== '*');
  return (
    <PageFrame
      title={t(`screens.${route.screen}.title`)}
      description={t(`screens.${route.screen}.description`)}
      crumbs={crumbs}
      backTo={crumbs[crumbs.length - 1]?.to}
      badges={ids.map(([name, value]) => (
        <Badge key={name} variant="light" size="lg" data-testid={`page-param-${name}`}>
          {value}
        </Badge>
      ))}
    />
  );
}
