/**
 * The data folder (`DATA_DIR`): what keeps files there, and making sure it exists at start-up (issue 24). A shop
 * scaled out on PostgreSQL, a bucket and SMTP keeps nothing on disk, so it neither needs nor checks the folder.
 */
import { accessSync, constants, mkdirSync } from 'node:fs';
import { ConfigError, type Config } from '../config.ts';

export type DataDirConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'images' | 'mail'>;

/** What keeps files under DATA_DIR in this configuration; empty when nothing does. */
export function dataDirUsers(config: DataDirConfig): string[] {
  return [
    ...(config.databaseUrl ? [] : ['the embedded database (no DATABASE_URL)']),
    ...(config.images.store === 'local' ? ['local images (no S3_BUCKET)'] : []),
    ...(config.mail.smtpUrl ? [] : ['mail written to .eml files (no SMTP_URL)']),
  ];
}

/** Whether this configuration keeps anything on disk (then health checks the folder). */
export function usesDataDir(config: DataDirConfig): boolean {
  return dataDirUsers(config).length > 0;
}

/**
 * Creates DATA_DIR (like `mkdir -p`) and checks it is writable when the configuration uses it; does nothing
 * otherwise. Throws a ConfigError (main.ts prints its message) naming the folder, what needs it and why it failed,
 * so start-up stops with a clear message instead of the first upload, order e-mail or database write failing later.
 */
export function prepareDataDir(config: DataDirConfig): void {
  const users = dataDirUsers(config);
  if (users.length === 0) return;
  try {
    mkdirSync(config.dataDir, { recursive: true });
    accessSync(config.dataDir, constants.W_OK);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new ConfigError(
      `Invalid configuration:\n  DATA_DIR: ${config.dataDir} cannot be created or written (${reason}); ` +
        `it is needed for ${users.join(', ')}. Set DATA_DIR to a writable folder.`,
      { cause: err },
    );
  }
}
