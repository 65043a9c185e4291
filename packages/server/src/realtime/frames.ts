import type { DeviceEvent } from '../mqtt/types.js';

/**
 * One live event as the bytes its sockets are sent, serialised once however many tabs watch the
 * device. Tabs name the device by the key they registered (`chave`), the only part that differs
 * between them: the rest of the event is serialised once, and each key seen is spliced in front of
 * it once. The same Buffer goes to every socket with that key (ws frames a Buffer without copying it).
 */
export class EventFrames {
  private body: string | null = null;
  private first: { chave: string; frame: Buffer } | null = null;
  private others: Map<string, Buffer> | null = null;

  constructor(private readonly message: DeviceEvent['message']) {}

  /** The frame for the tabs that registered the device under `chave`. */
  for(chave: string): Buffer {
    if (this.first?.chave === chave) return this.first.frame;
    const known = this.others?.get(chave);
    if (known) return known;
    const frame = Buffer.from(`{"chave":${JSON.stringify(chave)},${this.rest()}`, 'utf8');
    if (!this.first) this.first = { chave, frame };
    else (this.others ??= new Map()).set(chave, frame);
    return frame;
  }

  /** The event without its key and its opening brace: `"t":"leitura",...}`. */
  private rest(): string {
    if (this.body === null) {
      const { chave: _chave, ...rest } = this.message;
      this.body = JSON.stringify(rest).slice(1);
    }
    return this.body;
  }
}

/** What of a ws WebSocket the batch needs: its TCP socket (ws' own field, typed nowhere). */
type WithStream = { _socket?: { cork(): void; uncork(): void; destroyed: boolean } };

/**
 * Frames sent to one socket within a turn of the event loop go out in one write: its TCP socket is
 * corked at the first and uncorked once the turn's I/O is handled (setImmediate). Each event
 * otherwise cost a writev system call per socket, the largest part of the live path's CPU at
 * thousands of readings a second (docs/benchmarks.md, "Issue 23: the live path"); the delay is
 * the rest of the turn, well under a millisecond. ws corks around its own writes too; corking
 * nests, and ws counts corked bytes in bufferedAmount, so the slow-socket check still sees them.
 */
export class WriteBatch {
  private readonly corked: NonNullable<WithStream['_socket']>[] = [];
  private readonly marked = new WeakSet<object>();

  /** Call before sending to `socket`. */
  hold(socket: object): void {
    const stream = (socket as WithStream)._socket;
    if (!stream || stream.destroyed || this.marked.has(stream)) return;
    stream.cork();
    this.marked.add(stream);
    if (this.corked.push(stream) === 1) setImmediate(() => this.release());
  }

  private release(): void {
    for (const stream of this.corked.splice(0)) {
      this.marked.delete(stream);
      stream.uncork();
    }
  }
}
