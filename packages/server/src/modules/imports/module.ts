import { tmpdir } from 'node:os';
import type { FeatureModule } from '../context.js';
import { importsRoutes } from './routes.js';
import { removeStaleUploads } from './stale-uploads.js';

/** Manual import of weighing files: POST /api/importacao (multipart). */
export const importsModule: FeatureModule = ({ config, services, log, requireAccount, scopes }) => {
  const imports = services.imports;
  const routes = importsRoutes(imports, requireAccount, scopes, config.IMPORT_MAX_MB * 1024 * 1024);
  return async (app) => {
    // A server killed mid-import leaves its upload folder behind: the next start clears old ones.
    // File times are the real clock's, so Date.now() rather than the portal's clock.
    await removeStaleUploads(tmpdir(), Date.now(), log);
    // Its import too: one it was reading is removed, one it had decided is finished. In the
    // background once the portal listens: moving (and counting into the daily aggregates) the rows
    // left of a large file takes longer than a plugin may take to start, and other calls are served
    // between its chunks as during any import's move. It logs its own failures; the next start retries.
    // Closing waits for it, so it never reads a database that is already closed.
    let recovery: Promise<void> = Promise.resolve();
    app.addHook('onListen', async () => {
      recovery = imports.recoverUnfinished();
    });
    app.addHook('onClose', async () => recovery);
    await app.register(routes);
  };
};
