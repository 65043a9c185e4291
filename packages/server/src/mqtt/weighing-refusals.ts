import type { WeighingFault } from '../modules/weighings/index.js';

/** The NAK motivos of a PES record (docs/device-protocol.md, Refusals). */
export type WeighingNakMotivo = 'DATA' | 'TEXTO' | 'NUMERO' | 'NUCLEO';

/**
 * The NAK motivo that tells a device why the ingestion service refused its record for good. A
 * farm text naming none of the owner's farms, or several (NUCLEO_AMBIGUOUS), is NUCLEO either way:
 * the log says which. The other reasons the weighing rules know are a file's (a missing column, a
 * flock a file must name) and never come from a device record.
 */
export function nakMotivo(fault: WeighingFault): WeighingNakMotivo {
  switch (fault.motivo) {
    case 'DATE_INVALID':
    case 'TIME_INVALID':
      return 'DATA';
    case 'VALUE_TOO_LONG':
    case 'VALUE_INVALID_CHARACTERS':
      return 'TEXTO';
    case 'NUCLEO_NOT_FOUND':
    case 'NUCLEO_AMBIGUOUS':
      return 'NUCLEO';
    default:
      return 'NUMERO';
  }
}
