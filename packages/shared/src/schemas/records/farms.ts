import { z } from 'zod';
import { decimalField, idField, integerField } from '../primitives.js';
import { countField, nameOf, notesField, optionalText, propField, timestamp } from './common.js';

/** A farm is a grow-out farm (granja) or a hatchery (incubatorio, shown when the account has a BL30PI). */
export const NUCLEO_TIPOS = ['granja', 'incubatorio'] as const;
export type NucleoTipo = (typeof NUCLEO_TIPOS)[number];

export const MAX_LADOS = 4;
export const MAX_BOXES = 99;

/**
 * A house (aviario) of a farm, or an incubator of a hatchery. Weighing records name the house,
 * a side (lado, 1..lados) and a pen (box, 1..boxes): the structure here is what they refer to.
 */
export const aviarioInput = z.object({
  id: idField().optional(),
  nome: nameOf(60),
  lados: integerField({ min: 1, max: MAX_LADOS }).default(1),
  boxes: integerField({ min: 0, max: MAX_BOXES }).default(0),
  capacidade: countField(1_000_000).default(0),
  area_m2: decimalField({ min: 0, max: 100_000, step: 0.01 }).nullable().default(null),
});
export type AviarioInput = z.input<typeof aviarioInput>;

const aviarioList = z
  .array(aviarioInput, { error: 'FIELD_INVALID' })
  .max(200, { error: 'FIELD_TOO_LONG' })
  .refine((items) => new Set(items.map((item) => item.nome.toLowerCase())).size === items.length, { error: 'DUPLICATE_NAME' });

export const registerNucleoBody = z.object({
  id: idField().optional(),
  prop: propField,
  nome: nameOf(120),
  tipo: z.enum(NUCLEO_TIPOS, { error: 'FIELD_INVALID' }).default('granja'),
  codigo: optionalText(40),
  endereco: optionalText(200),
  cidade: optionalText(120),
  estado: optionalText(60),
  pais: optionalText(60),
  latitude: decimalField({ min: -90, max: 90 }).nullable().default(null),
  longitude: decimalField({ min: -180, max: 180 }).nullable().default(null),
  obs: notesField,
  aviarios: aviarioList.default([]),
});
export type RegisterNucleoBody = z.input<typeof registerNucleoBody>;

/** updatenucleomanual: the houses, sides and pens of a farm alone, edited by hand. */
export const updateNucleoManualBody = z.object({
  idnucleo: idField(),
  prop: propField,
  aviarios: aviarioList,
});
export type UpdateNucleoManualBody = z.input<typeof updateNucleoManualBody>;

export const delNucleoBody = z.object({ idnucleo: idField(), prop: propField });

export const aviario = z.object({
  id: z.number().int(),
  nome: z.string(),
  lados: z.number().int(),
  boxes: z.number().int(),
  capacidade: z.number().int(),
  area_m2: z.number().nullable(),
});
export type Aviario = z.infer<typeof aviario>;

export const nucleo = z.object({
  id: z.number().int(),
  prop: z.number().int(),
  nome: z.string(),
  tipo: z.enum(NUCLEO_TIPOS),
  codigo: z.string(),
  endereco: z.string(),
  cidade: z.string(),
  estado: z.string(),
  pais: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  obs: z.string(),
  aviarios: z.array(aviario),
  /** Flocks on the farm not yet closed. */
  lotes_ativos: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Nucleo = z.infer<typeof nucleo>;
export const nucleoList = z.array(nucleo);
