import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/dialect.js';
import { migrateToLatest } from './db/migrate.js';

async function main() {
  const config = loadConfig();
  const database = openDatabase(config.DATABASE_URL);
  const applied = await migrateToLatest(database);
  const app = await buildApp({ config, database });
  if (applied.length > 0) app.log.info({ applied }, 'database migrated');

  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`portal ready at ${config.PUBLIC_URL} (database: ${database.dialect})`);
}

main().catch((error: unknown) => {
  // Configuration mistakes get a plain message naming the variable; anything else the full error.
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('The portal failed to start:', error);
  process.exit(1);
});
