import { useTranslation } from 'react-i18next';
import { generatePath, useParams } from 'react-router';
import type { Crumb } from '../PageFrame';
import type { ScreenRoute } from './ScreenFrame';

/**
 * Title, purpose and trail of a screen from its route, for the placeholder and for real screens.
 * `parentNames` names a parent crumb after its record once loaded (`{ siloDetail: 'Silo 1' }`
 * reads 'Silos / Silo 1 / …' rather than 'Silos / Silo / …').
 */
export function useScreenHeading(
  route: ScreenRoute,
  parentNames: Partial<Record<string, string>> = {},
): { title: string; description: string; crumbs: Crumb[]; backTo?: string } {
  const { t } = useTranslation();
  const params = useParams();
  const crumbs = (route.parents ?? []).map((parent) => ({
    label: parentNames[parent.screen] || t(`screens.${parent.screen}.title`),
    to: generatePath(parent.path, params),
  }));
  return {
    title: t(`screens.${route.screen}.title`),
    description: t(`screens.${route.screen}.description`),
    crumbs,
    backTo: crumbs[crumbs.length - 1]?.to,
  };
}
