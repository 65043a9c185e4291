import { createEventBus, type EventBus } from '../events/index.js';
import { createServices, type Services } from '../modules/services.js';
import type { TestPortal } from './harness.js';

/**
 * The modules' services on a test portal's database, built as app.ts builds them but with an event
 * bus of their own: a test drives a service directly (the readings ingestion, a doser's sync)
 * without the portal's listeners reacting.
 */
export function testServices(portal: TestPortal, options: { clock?: () => number; events?: EventBus } = {}): Services {
  const { clock = Date.now, events = createEventBus(portal.app.log) } = options;
  return createServices({ config: portal.config, database: portal.database, clock, log: portal.app.log, events });
}
