import type { AvesPesosResponse, ReportBox, ReportGrupo } from '@portal/shared';
import { BOX1_STATS, TEST_REPORT } from './testReport';

/**
 * A report of any shape for the tests: `groups` date|flock|sex groups, each with `houses` houses
 * of `sides` sides of `boxes` boxes, built from TEST_REPORT's first box. The flock of group g is
 * named `flocks[g % flocks.length]`.
 */
export function reportOfShape(shape: { groups: number; houses: number; sides: number; boxes: number; flocks?: string[] }): AvesPesosResponse {
  const template = TEST_REPORT.grupos[0]!;
  const box = template.categorias[0]!.lados[0]!.boxes[0]!;
  const flocks = shape.flocks ?? ['L-7'];
  const grupos: ReportGrupo[] = Array.from({ length: shape.groups }, (_, g) => {
    const lote = flocks[g % flocks.length]!;
    const keys = { data: `2026-11-${String(10 + (g % 20)).padStart(2, '0')}`, lote, sexo: g % 2 ? 'Macho' : 'Fêmea' };
    return {
      ...template,
      ...keys,
      categorias: Array.from({ length: shape.houses }, (_, h) => {
        const aviario = `Aviário ${h + 1}`;
        return {
          ...keys,
          aviario,
          stats: BOX1_STATS,
          qualidade: null,
          lados: Array.from({ length: shape.sides }, (_, s) => {
            const lado = String.fromCharCode(65 + s);
            const boxes: ReportBox[] = Array.from({ length: shape.boxes }, (_, b) => ({
              ...box,
              ...keys,
              aviario,
              lado,
              box: String(b + 1),
              key: `${keys.data};${lote};${keys.sexo};${aviario};${lado};${b + 1}.R.P`,
            }));
            return { ...keys, aviario, lado, stats: BOX1_STATS, qualidade: null, boxes };
          }),
        };
      }),
    };
  });
  return { ...TEST_REPORT, grupos };
}
