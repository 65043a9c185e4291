import { z } from 'zod';
import { decimalField, idField, integerField } from '../primitives.js';
import { nameOf, notesField, optionalIdField, optionalText, propField, timeOfDayField, timestamp } from './common.js';

/** Devices that dose or fumigate (the Fumigators menu entry shows when the account has one). */
export const DOSER_DEVICE_MODELS = ['DOSADOR', 'PDOS', 'PDOSADOR', 'DOSADORP'] as const;

/**
 * A fumigator or doser point: where it is, the doser device driving it, and its dosing
 * settings (the `dosador` screen edits these): product, dose per application, water volume,
 * the times of day it runs, on or off.
 */
export const registerFumigadorBody = z.object({
  id: idField().optional(),
  prop: propField,
  nome: nameOf(80),
  nucleo_id: idField(),
  aviario_id: optionalIdField,
  device_id: optionalIdField,
  produto: optionalText(80),
  dose_ml: decimalField({ min: 0, max: 1_000_000, step: 0.1 }).default(0),
  volume_agua_l: decimalField({ min: 0, max: 1_000_000, step: 0.1 }).nullable().default(null),
  duracao_min: integerField({ min: 0, max: 1440 }).default(0),
  horarios: z
    .array(timeOfDayField, { error: 'FIELD_INVALID' })
    .max(48, { error: 'FIELD_TOO_LONG' })
    .refine((times) => new Set(times).size === times.length, { error: 'FIELD_INVALID' })
    .default([]),
  ativo: z.boolean({ error: 'FIELD_INVALID' }).default(true),
  obs: notesField,
});
export type RegisterFumigadorBody = z.input<typeof registerFumigadorBody>;

export const delFumigadorBody = z.object({ idfumigador: idField(), prop: propField });

export const fumigador = z.object({
  id: z.number().int(),
  prop: z.number().int(),
  nome: z.string(),
  nucleo_id: z.number().int(),
  nucleo_nome: z.string(),
  aviario_id: z.number().int().nullable(),
  aviario_nome: z.string().nullable(),
  device_id: z.number().int().nullable(),
  device_nome: z.string().nullable(),
  produto: z.string(),
  dose_ml: z.number(),
  volume_agua_l: z.number().nullable(),
  duracao_min: z.number().int(),
  horarios: z.array(z.string()),
  ativo: z.boolean(),
  obs: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Fumigador = z.infer<typeof fumigador>;
export const fumigadorList = z.array(fumigador);
