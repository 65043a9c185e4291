import { Badge } from '@mantine/core';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useParams } from 'react-router';
import { FullPageLoader } from '../FullPageLoader';
import { PageFrame } from '../PageFrame';
import { ScreenLoadBoundary } from './ScreenLoadBoundary';
import { useScreenHeading } from './useScreenHeading';

/** What a real screen receives: its own route, for its title keys and trail. */
export interface ScreenProps {
  route: ScreenRoute;
}

/** A screen of spec section 2, described by data until its issue gives it content. */
export interface ScreenRoute {
  /** Router path, without the leading slash. */
  path: string;
  /** Locale keys `screens.<screen>.title` and `screens.<screen>.description`. */
  screen: string;
  /** The screens above it, top first; their paths may use this route's params. */
  parents?: { screen: string; path: string }[];
  /**
   * The screen's module, loaded when the route is first opened (`() => import('./ListPage')`),
   * so its code and libraries (data table, forms) stay out of the first download. Routes that
   * show the same module share one load function. Without it the route shows the placeholder.
   */
  load?: () => Promise<{ default: ComponentType<ScreenProps> }>;
}

// One lazy component per load function, made once: a new one each render would load and mount
// again, and routes sharing a module (add and detail) switch between them without a loader.
type Load = NonNullable<ScreenRoute['load']>;
const lazyScreens = new WeakMap<Load, LazyExoticComponent<ComponentType<ScreenProps>>>();

function lazyScreen(load: Load) {
  let screen = lazyScreens.get(load);
  if (!screen) {
    screen = lazy(load);
    lazyScreens.set(load, screen);
  }
  return screen;
}

/**
 * The element of a screen route: its lazily loaded screen when it has one (a loader while the
 * chunk arrives, a reload panel if it cannot), else the placeholder frame below.
 */
export function ScreenFrame({ route }: { route: ScreenRoute }) {
  if (route.load) {
    const Screen = lazyScreen(route.load);
    return (
      <ScreenLoadBoundary route={route}>
        <Suspense fallback={<FullPageLoader />}>
          <Screen route={route} />
        </Suspense>
      </ScreenLoadBoundary>
    );
  }
  return <PlaceholderFrame route={route} />;
}

/** Title, purpose and trail of a screen not built yet; the record ids in the url are shown beside the title. */
function PlaceholderFrame({ route }: { route: ScreenRoute }) {
  const { title, description, crumbs, backTo } = useScreenHeading(route);
  const params = useParams();
  const ids = Object.entries(params).filter(([name]) => name !== '*');
  return (
    <PageFrame
      title={title}
      description={description}
      crumbs={crumbs}
      backTo={backTo}
      badges={ids.map(([name, value]) => (
        <Badge key={name} variant="light" size="lg" data-testid={`page-param-${name}`}>
          {value}
        </Badge>
      ))}
    />
  );
}
