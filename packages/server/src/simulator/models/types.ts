import type { LiveReading, MsgPes } from '@portal/shared';

/** A weighing record before the device numbers it (the device owns the seq counter). */
export type PesDraft = Omit<MsgPes, 'seq'>;
export type Emitted = LiveReading | PesDraft;

/**
 * What a virtual device does on its own: every `intervalMs` the runner calls tick with the
 * wall clock, and publishes what it returns. Pure apart from the random source, so tests can
 * step a model through simulated days without a broker.
 */
export interface Behaviour {
  readonly intervalMs: number;
  tick(now: number): Emitted[];
}

/** Where a weighing device records: the flock it weighs and the houses it moves through. */
export interface WeighingPlace {
  nucleo: string;
  lote: string;
  linha: string;
  /** House names the operator walks through, in order. */
  aviarios: string[];
  lados: number;
  boxes: number;
}
