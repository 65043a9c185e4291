import { Component, type ReactNode } from 'react';

/**
 * A lazily loaded chart whose code could not be fetched (weak signal, a new release): the screen
 * around it stays, with `fallback` in its place; `name` says which chart in the log.
 */
export class ChartBoundary extends Component<{ name: string; fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`[${this.props.name}] chart failed`, error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
