import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseOpenError, describeDatabaseUrl, isDatabaseUnavailable, openDatabase } from './db/dialect.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoAtStart } from './demo/seed.js';
import { createLogger } from './logger.js';
import { startDemoSimulator } from './simulator/demo.js';
import type { RunningSimulator } from './simulator/runner.js';

async function main() {
  const config = loadConfig();
  const log = createLogger(config);
  const database = openDatabase(config.DATABASE_URL, log);
  let applied: string[];
  try {
    applied = await migrateToLatest(database);
  } catch (error) {
    await database.db.destroy().catch(() => undefined);
    if (!isDatabaseUnavailable(error)) throw error;
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw new DatabaseOpenError(
      `Cannot reach the database at ${describeDatabaseUrl(config.DATABASE_URL)} (DATABASE_URL): ${reason}. ` +
        'Check that it is running and accepts connections from this machine.',
    );
  }
  const app = await buildApp({ config, database, logger: log });
  if (applied.length > 0) app.log.info({ applied }, 'database migrated');
  // On an empty database only; through the API, before the first visitor can arrive.
  if (config.DEMO) await seedDemoAtStart(app, database.db);

  let simulator: RunningSimulator | null = null;
  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await simulator?.stop();
    await app.close();
    await database.db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`portal ready at ${config.PUBLIC_URL} (database: ${database.dialect})`);
  // The demo account's devices, simulated in this process (SIMULATOR=0 turns it off); the portal runs without it.
  if (config.DEMO && config.SIMULATOR) {
    const httpPort = (app.server.address() as AddressInfo).port;
    simulator = await startDemoSimulator({ config, database, log: app.log, httpPort, speed: config.SIM_SPEED }).catch((error: unknown) => {
      app.log.error({ err: error }, 'simulator could not start');
      return null;
    });
  }
}

main().catch((error: unknown) => {
  // Configuration and database mistakes get a plain message naming the variable; anything else the full error.
  if (error instanceof ConfigError || error instanceof DatabaseOpenError) console.error(error.message);
  else console.error('The portal failed to start:', error);
  process.exit(1);
});
