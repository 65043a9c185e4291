import type { Device, DeviceModel, Lote, Nucleo, Padrao, Silo } from '@portal/shared';
import { DEMO_SILO_BALANCE_KG } from '../demo/sample-data.js';
import { collectorBehaviour, doserBehaviour, troughBehaviour } from './models/feeding.js';
import { graderBehaviour } from './models/grader.js';
import { FALLBACK_CURVE, Growth, localStamp } from './models/growth.js';
import { scaleBehaviour } from './models/scale.js';
import { siloBehaviour } from './models/silo.js';
import type { Behaviour, WeighingPlace } from './models/types.js';

/**
 * What the simulator needs to know of an account, in the shapes the API answers (getdevice,
 * getnucleo, getlote, getpadrao, getsilo): the CLI reads it over HTTP, the in-process demo
 * through the services.
 */
export interface AccountSnapshot {
  /** The owner's UTC offset, hours (records carry local date and time). */
  timezone: number;
  devices: Device[];
  nucleos: Nucleo[];
  lotes: Lote[];
  padroes: Padrao[];
  silos: Silo[];
}

export const SCALE_MODELS: readonly DeviceModel[] = ['CS', 'BD15PS', 'PS/SEL', 'FC', 'BL30PI'];
export const GRADER_MODELS: readonly DeviceModel[] = ['SELAUTO', 'SELAVES'];
export const SILO_MODELS: readonly DeviceModel[] = ['BSILO', 'SPSILO', 'SILO', 'SEQ', 'SEQFC'];

export interface PlanOptions {
  /** The wall clock at start. */
  now: number;
  /** SIM_SPEED: how much faster than real time the flocks grow. */
  speed: number;
  /** A fresh random source per device (seeded in tests). */
  random: (device: Device) => () => number;
}

const DAY_MS = 86_400_000;

/** Days (fractional) since the placement date's local midnight. */
function ageOf(lote: Lote, now: number, timezone: number): number {
  if (!lote.data_alojamento) return lote.idade ?? 0;
  const local = now + timezone * 3_600_000;
  return (local - Date.parse(`${lote.data_alojamento}T00:00:00Z`)) / DAY_MS;
}

/**
 * The flock a device weighs: an active one in its house, else on its farm, else any active one
 * of the account; a hatchery's chick scale weighs the newest hatch of its farm (hatches close
 * the day they hatch).
 */
function flockFor(device: Device, snapshot: AccountSnapshot): Lote | null {
  const active = snapshot.lotes.filter((lote) => lote.situacao === 'ativo');
  if (device.modelo === 'BL30PI') {
    const hatches = snapshot.lotes.filter((lote) => lote.nucleo_id === device.nucleo_id);
    return hatches.sort((a, b) => (b.data_alojamento ?? '').localeCompare(a.data_alojamento ?? ''))[0] ?? null;
  }
  return (
    active.find((lote) => device.aviario_id !== null && lote.aviarios.some((house) => house.id === device.aviario_id)) ??
    active.find((lote) => lote.nucleo_id === device.nucleo_id) ??
    active[0] ??
    null
  );
}

function growthOf(lote: Lote | null, snapshot: AccountSnapshot, options: PlanOptions, hatchery: boolean): Growth {
  const padrao = lote?.padrao_id ? snapshot.padroes.find((item) => item.id === lote.padrao_id) : undefined;
  const points = padrao?.pontos ?? FALLBACK_CURVE;
  // Without a flock, a three-week-old flock is shown; a hatch is weighed at age 0 and does not grow.
  const age = hatchery ? 0 : lote ? ageOf(lote, options.now, snapshot.timezone) : 21;
  return new Growth(points, age, options.now, hatchery ? 0 : options.speed);
}

function placeOf(device: Device, lote: Lote | null, snapshot: AccountSnapshot): WeighingPlace | null {
  if (!lote) return null;
  const farm = snapshot.nucleos.find((item) => item.id === lote.nucleo_id);
  // A device in one of the flock's houses weighs there; else it walks all of the flock's houses.
  const own = lote.aviarios.filter((house) => house.id === device.aviario_id);
  const houses = own.length > 0 ? own : lote.aviarios;
  const layout = farm?.aviarios.find((house) => house.id === houses[0]?.id);
  return {
    nucleo: lote.nucleo_nome,
    lote: lote.codigo,
    linha: lote.linhagem,
    aviarios: houses.map((house) => house.nome),
    lados: Math.max(1, layout?.lados ?? 2),
    boxes: Math.max(1, Math.min(layout?.boxes ?? 3, 3)),
  };
}

/** The silo a silo scale weighs, and the birds it feeds (the active flocks of its houses). */
function siloFeed(device: Device, snapshot: AccountSnapshot, options: PlanOptions) {
  const silo = snapshot.silos.find((item) => item.device_id === device.id);
  const houses = new Set((silo?.aviarios ?? []).map((house) => house.id));
  const fed = snapshot.lotes.filter(
    (lote) => lote.situacao === 'ativo' && (houses.size > 0 ? lote.aviarios.some((house) => houses.has(house.id)) : lote.nucleo_id === device.nucleo_id),
  );
  // A flock spread over several houses eats from this silo for the houses it shares with it.
  const aves = fed.reduce((sum, lote) => {
    const shared = houses.size > 0 ? lote.aviarios.filter((house) => houses.has(house.id)).length : lote.aviarios.length;
    return sum + Math.round((lote.aves_atuais * shared) / Math.max(1, lote.aviarios.length));
  }, 0);
  const capacity = silo?.capacidade_kg ?? 18_000;
  const balance = silo && silo.saldo_kg > 0 && silo.saldo_kg <= capacity ? silo.saldo_kg : Math.min(DEMO_SILO_BALANCE_KG, capacity * 0.6);
  return { capacity, balance, aves: aves > 0 ? aves : 20_000, growth: growthOf(fed[0] ?? null, snapshot, options, false) };
}

/** The behaviour of one virtual device, from its model and where it sits in the account. */
export function behaviourFor(device: Device, snapshot: AccountSnapshot, options: PlanOptions): Behaviour | null {
  const random = options.random(device);
  const { timezone } = snapshot;
  const modelo = device.modelo;
  if (SCALE_MODELS.includes(modelo)) {
    const hatchery = modelo === 'BL30PI';
    const lote = flockFor(device, snapshot);
    const platforms = modelo === 'CS';
    return scaleBehaviour({ place: placeOf(device, lote, snapshot), growth: growthOf(lote, snapshot, options, hatchery), random, timezone, hatchery, platforms });
  }
  if (GRADER_MODELS.includes(modelo)) {
    const lote = flockFor(device, snapshot);
    const place = placeOf(device, lote, snapshot);
    const growth = growthOf(lote, snapshot, options, false);
    const sexo = modelo === 'SELAUTO' ? 'F' : 'M';
    // A grader without a flock still shows a selection; its records would name no flock, so none are kept.
    const shown = place ?? { nucleo: device.nucleo_nome ?? '', lote: '', linha: '', aviarios: [device.aviario_nome ?? ''], lados: 1, boxes: 1 };
    const behaviour = graderBehaviour({ modelo, serie: device.serie, place: shown, growth, random, timezone, sexo });
    if (place) return behaviour;
    return { intervalMs: behaviour.intervalMs, tick: (now) => behaviour.tick(now).filter((message) => message.tipo !== 'PES') };
  }
  if (SILO_MODELS.includes(modelo)) {
    const feed = siloFeed(device, snapshot, options);
    return siloBehaviour({ capacidade_kg: feed.capacity, saldo_kg: feed.balance, aves: feed.aves, growth: feed.growth, random, timezone });
  }
  if (modelo === 'MCALHA' || modelo === 'SAC') return troughBehaviour({ calhas: modelo === 'MCALHA' ? 4 : 2, random, timezone });
  if (modelo === 'DOSADOR') return doserBehaviour({ vazao_ml_min: 120, periodMin: 15, onMin: 2, random, timezone });
  if (modelo === 'DOSADORP') return doserBehaviour({ vazao_ml_min: 45, periodMin: 6, onMin: 2, random, timezone });
  if (modelo === 'COLETOR') {
    const lote = flockFor(device, snapshot);
    return collectorBehaviour({ place: placeOf(device, lote, snapshot), growth: growthOf(lote, snapshot, options, false), random, timezone });
  }
  // CAM: pictures on request only.
  return null;
}

/** The local date and time a device stamps on its pictures. */
export const pictureTime = (now: number, timezone: number) => localStamp(now, timezone).hora;
