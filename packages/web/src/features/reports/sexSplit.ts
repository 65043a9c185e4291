import { SEPARACAO_AVES_MINIMAS, sexoOfWeighing, type ReportBox, type ReportGrupo, type SeparacaoSexo } from '@portal/shared';
import type { ReportLanguage } from '../../components/reports/useReportLanguage';
import type { ReportKind, SexSplitQuery } from './api';

/**
 * The sex split of a report box (issue 20, getseparacaosexo): which boxes offer it, what is asked,
 * and how a refusal is said. A weighing of one sex has nothing to split, and a box of no flock
 * (weighings not tied to a flock) has no standard, placement or flock scope to ask with.
 */

/** A mixed box of a flock: its sex text is empty or reads mixed ('X', 'Misto', 'mixed' …); farms' weighings only (a hatchery's "sex" is its line). */
export function offersSexSplit(kind: ReportKind, grupo: Pick<ReportGrupo, 'lote_id'>, box: Pick<ReportBox, 'sexo'>): boolean {
  if (kind !== 'aves' || grupo.lote_id === null) return false;
  return box.sexo.trim() === '' || sexoOfWeighing(box.sexo) === 'misto';
}

/** The getseparacaosexo query of one box: its flock-day, house, side, box and sex text (an empty one asks for the weighings without a sex). */
export function sexSplitQuery(grupo: Pick<ReportGrupo, 'lote_id'>, box: Pick<ReportBox, 'data' | 'aviario' | 'lado' | 'box' | 'sexo'>, prop: number | undefined): SexSplitQuery {
  return {
    ...(prop === undefined ? {} : { prop }),
    lote_id: grupo.lote_id!,
    data: box.data,
    aviario: box.aviario,
    lado: box.lado,
    box: box.box,
    sexo: box.sexo,
  };
}

/** Why a split was refused, in words (null when it was not). */
export function refusalText({ t, numbers }: Pick<ReportLanguage, 't' | 'numbers'>, answer: Pick<SeparacaoSexo, 'situacao' | 'aves' | 'razao_esperada'>): string | null {
  switch (answer.situacao) {
    case 'ok':
      return null;
    case 'poucas_aves':
      return t('reports.sexSplit.refused.poucas_aves', { aves: numbers.format(answer.aves, 0), minimo: numbers.format(SEPARACAO_AVES_MINIMAS, 0) });
    case 'um_grupo':
      return t('reports.sexSplit.refused.um_grupo');
    case 'razao_incompativel':
      return answer.razao_esperada === null
        ? t('reports.sexSplit.refused.razao_incompativel')
        : t('reports.sexSplit.refused.razao_incompativel_esperada', { razao: numbers.format(answer.razao_esperada, 2) });
  }
}
