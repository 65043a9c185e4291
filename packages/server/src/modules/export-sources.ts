import type { DadoIntegracao, ExportCursor, ExportPage } from '@portal/shared';
import type { FarmsService } from './farms/index.js';
import type { FlocksService } from './flocks/index.js';
import type { SiloMovementsService, SilosService } from './silos/index.js';
import type { WeighingsService } from './weighings/index.js';

/**
 * One data kind's rows changed after a cursor, in change order (at, id), at most `limit` items.
 * The integrations module pages through it, signs and sends the pages (issue 21, docs/integrations.md).
 */
export type ExportSource = (ownerId: number, after: ExportCursor, limit: number) => Promise<ExportPage>;

/** The services owning each kind's rows: each answers its own, the integrations module never reads their tables. */
export interface ExportSourceServices {
  farms: Pick<FarmsService, 'changedSince'>;
  flocks: Pick<FlocksService, 'changedSince' | 'dailyChangedSince'>;
  silos: Pick<SilosService, 'changedSince'>;
  siloMovements: Pick<SiloMovementsService, 'changedSince'>;
  weighings: Pick<WeighingsService, 'changedSince'>;
}

export interface ExportSourceOptions {
  /**
   * Rows changed within this many ms before now are left to the next page or run (default 0:
   * none held back). A write is stamped before it commits: one stamped T that commits after a
   * row stamped T + 1 was sent would be passed by the cursor. A few seconds close that window.
   */
  settleMs?: number;
  clock?: () => number;
}

/** Each kind of `dados` (DADOS_INTEGRACAO) to the service method answering its changed rows. */
export function exportSources(services: ExportSourceServices, options: ExportSourceOptions = {}): Record<DadoIntegracao, ExportSource> {
  const { settleMs = 0, clock = Date.now } = options;
  const until = () => (settleMs > 0 ? clock() - settleMs : undefined);
  return {
    nucleos: (ownerId, after, limit) => services.farms.changedSince(ownerId, after, limit, until()),
    lotes: (ownerId, after, limit) => services.flocks.changedSince(ownerId, after, limit, until()),
    silos: (ownerId, after, limit) => services.silos.changedSince(ownerId, after, limit, until()),
    racao: (ownerId, after, limit) => services.siloMovements.changedSince(ownerId, after, limit, until()),
    mortalidade: (ownerId, after, limit) => services.flocks.dailyChangedSince(ownerId, after, limit, until()),
    pesagens: (ownerId, after, limit) => services.weighings.changedSince(ownerId, after, limit, until()),
  };
}
