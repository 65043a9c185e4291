/**
 * A device's messages handled one after another, in the order they came (a weighing's ACK before
 * the next record's), while different devices' run side by side. A topic with nothing in hand
 * starts at once; what comes meanwhile waits in that topic's list: no promise chain per message.
 */
export function topicQueue(handle: (topic: string, payload: Buffer) => Promise<void>, failed: (error: unknown, topic: string) => void) {
  const running = new Map<string, { waiting: Buffer[]; done: Promise<void> }>();

  async function drain(topic: string, waiting: Buffer[], first: Buffer): Promise<void> {
    for (let payload: Buffer | undefined = first; payload !== undefined; payload = waiting.shift()) {
      try {
        await handle(topic, payload);
      } catch (error) {
        failed(error, topic);
      }
    }
    running.delete(topic);
  }

  return {
    push(topic: string, payload: Buffer): void {
      const busy = running.get(topic);
      if (busy) {
        busy.waiting.push(payload);
        return;
      }
      const waiting: Buffer[] = [];
      // Set before drain can finish: drain always waits for handle at least once.
      const entry = { waiting, done: Promise.resolve() };
      running.set(topic, entry);
      entry.done = drain(topic, waiting, payload);
    },

    /**
     * Forgets the messages not started yet (the gateway stopping): none of them was stored or
     * answered, so a device sends its weighings again to whichever portal it reaches next. Returns how many.
     */
    drop(): number {
      let dropped = 0;
      for (const entry of running.values()) dropped += entry.waiting.splice(0).length;
      return dropped;
    },

    /** Resolves once every message taken so far is handled. */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running.values()].map((entry) => entry.done));
    },
  };
}
