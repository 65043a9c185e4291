import { Component, lazy, Suspense, type ReactNode } from 'react';

/** A header part that could not be fetched (weak signal, a new release): the header stays, without it. */
class PartBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`[header] ${this.props.name} failed to load`, error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

// Their own chunks: the login page (the first screen, under its JavaScript budget) never needs
// the menu, indicator and tooltip components these bring.
const OwnerPicker = lazy(() => import('./HeaderOwnerPicker').then((module) => ({ default: module.HeaderOwnerPicker })));
const WarningsButton = lazy(() => import('./DeviceWarningsButton').then((module) => ({ default: module.DeviceWarningsButton })));
// The offline queue (IndexedDB) and its indicator: only signed-in screens need them.
const OfflineIndicator = lazy(() => import('../offline/OfflineIndicator').then((module) => ({ default: module.OfflineIndicator })));

/** The header's owner picker, loaded on demand. */
export function LazyOwnerPicker() {
  return (
    <PartBoundary name="owner picker">
      <Suspense fallback={null}>
        <OwnerPicker />
      </Suspense>
    </PartBoundary>
  );
}

/** The header's device warnings, loaded on demand. */
export function LazyWarningsButton() {
  return (
    <PartBoundary name="device warnings">
      <Suspense fallback={null}>
        <WarningsButton />
      </Suspense>
    </PartBoundary>
  );
}

/** The header's offline notice and pending writes, loaded on demand; mounting it runs the offline queue. */
export function LazyOfflineIndicator() {
  return (
    <PartBoundary name="offline indicator">
      <Suspense fallback={null}>
        <OfflineIndicator />
      </Suspense>
    </PartBoundary>
  );
}

/**
 * A header part a feature brings (the alarm bell), given to AppLayout by the router: loaded on
 * demand like the parts above, and the header stays without it if it cannot be.
 */
export function LazyHeaderPart({ name, children }: { name: string; children: ReactNode }) {
  return (
    <PartBoundary name={name}>
      <Suspense fallback={null}>{children}</Suspense>
    </PartBoundary>
  );
}
