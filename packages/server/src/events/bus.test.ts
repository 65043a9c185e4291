import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { createEventBus } from './bus.js';
import type { AppEvents } from './map.js';

/** A logger keeping every line it writes. */
function recordingLogger() {
  const lines: ({ msg: string } & Record<string, unknown>)[] = [];
  const log = createLogger({ LOG_LEVEL: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

const stored: AppEvents['weighings.stored'] = { source: 'import', ownerId: 3, importacaoId: 9, rows: 120 };

describe('the in-process event bus', () => {
  it('runs the listeners of an event in the order they subscribed, each with the payload, and only that event', async () => {
    const bus = createEventBus(recordingLogger().log);
    const calls: string[] = [];
    bus.on('weighings.stored', (payload) => void calls.push(`first ${payload.ownerId}`));
    bus.on('weighings.stored', async (payload) => {
      // An async listener is awaited before the next one runs.
      await new Promise((resolve) => setTimeout(resolve, 5));
      calls.push(`second ${payload.source}`);
    });
    bus.on('weighings.stored', () => void calls.push('third'));
    bus.on('grants.changed', () => void calls.push('other event'));

    await bus.emit('weighings.stored', stored);
    expect(calls).toEqual(['first 3', 'second import', 'third']);
  });

  it('logs a failing listener and still runs the others; emit itself does not fail', async () => {
    const { log, lines } = recordingLogger();
    const bus = createEventBus(log);
    const calls: string[] = [];
    bus.on('weighings.stored', () => {
      throw new Error('listener broke');
    });
    bus.on('weighings.stored', async () => {
      await Promise.resolve();
      throw new Error('async listener broke');
    });
    bus.on('weighings.stored', () => void calls.push('after the failures'));

    await expect(bus.emit('weighings.stored', stored)).resolves.toBeUndefined();
    expect(calls).toEqual(['after the failures']);
    const failures = lines.filter((line) => line.msg === 'event listener failed');
    expect(failures).toHaveLength(2);
    expect(failures.map((line) => [line.event, (line.err as { message: string }).message])).toEqual([
      ['weighings.stored', 'listener broke'],
      ['weighings.stored', 'async listener broke'],
    ]);
  });

  it('stops calling a listener once unsubscribed, the others still called', async () => {
    const bus = createEventBus(recordingLogger().log);
    const calls: string[] = [];
    const unsubscribe = bus.on('weighings.stored', () => void calls.push('gone'));
    bus.on('weighings.stored', () => void calls.push('kept'));
    await bus.emit('weighings.stored', stored);
    unsubscribe();
    await bus.emit('weighings.stored', stored);
    // Unsubscribing twice is harmless.
    unsubscribe();
    await bus.emit('weighings.stored', stored);
    expect(calls).toEqual(['gone', 'kept', 'kept', 'kept']);
  });

  it('lets a listener unsubscribe while the event runs without skipping the next listener', async () => {
    const bus = createEventBus(recordingLogger().log);
    const calls: string[] = [];
    const unsubscribe = bus.on('weighings.stored', () => {
      calls.push('once');
      unsubscribe();
    });
    bus.on('weighings.stored', () => void calls.push('next'));
    await bus.emit('weighings.stored', stored);
    await bus.emit('weighings.stored', stored);
    expect(calls).toEqual(['once', 'next', 'next']);
  });
});
