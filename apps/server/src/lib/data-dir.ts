/**
 * The data folder (`DATA_DIR`): what keeps files there, making sure it exists at start-up (issue 24), and checking
 * the folders a running app writes to (issue 46, item 18). A shop scaled out on PostgreSQL, a bucket and SMTP keeps
 * nothing on disk, so it neither needs nor checks the folder.
 */
import { accessSync, constants, mkdirSync } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
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

/**
 * A folder the running app keeps files in (the embedded database's, the local images', the .eml outbox), as the
 * health route checks it. `createdOnDemand`: its user makes it with the first file (images, mail), so a folder not
 * there yet is made by the check too; the embedded database's must exist (it was opened there).
 */
export interface DataFolder {
  path: string;
  createdOnDemand: boolean;
}

/**
 * Resolves when `folder` is there (made first, like `mkdir -p`, when created on demand) and writable by this process;
 * rejects otherwise (read-only, not creatable, gone).
 */
export async function checkWritable(folder: DataFolder): Promise<void> {
  if (folder.createdOnDemand) await mkdir(folder.path, { recursive: true });
  await access(folder.path, constants.W_OK);
}
