export { createEventBus, type AppEventListener, type AppEventName, type EventBus } from './bus.js';
export type { AppEvents, EventDevice } from './map.js';
