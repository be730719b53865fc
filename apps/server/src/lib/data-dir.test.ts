import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { checkWritable, dataDirUsers, prepareDataDir } from './data-dir.ts';

const root = mkdtempSync(join(tmpdir(), 'emporium-data-dir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const BASE = { NODE_ENV: 'test', PUBLIC_URL: 'http://shop.test' };
const SCALED_OUT = {
  DATABASE_URL: 'postgres://db.test:5432/shop',
  S3_BUCKET: 'shop-images',
  SMTP_URL: 'smtp://mail.test:587',
};
const config = (env: Record<string, string>) => loadConfig({ ...BASE, ...env });

describe('DATA_DIR (issue 24)', () => {
  const { DATABASE_URL, S3_BUCKET, SMTP_URL } = SCALED_OUT;
  it.each([
    ['nothing set', true, {}],
    ['no DATABASE_URL', true, { S3_BUCKET, SMTP_URL }],
    ['no S3_BUCKET', true, { DATABASE_URL, SMTP_URL }],
    ['no SMTP_URL', true, { DATABASE_URL, S3_BUCKET }],
    ['DATABASE_URL + S3_BUCKET + SMTP_URL', false, SCALED_OUT],
  ])('with %s, the data folder is used: %s', (_label, used, env) => {
    expect(dataDirUsers(config(env)).length > 0).toBe(used);
  });

  it('names what needs the folder', () => {
    expect(dataDirUsers(config({ DATABASE_URL: SCALED_OUT.DATABASE_URL }))).toEqual([
      'local images (no S3_BUCKET)',
      'mail written to .eml files (no SMTP_URL)',
    ]);
  });

  it('prepareDataDir creates a missing folder, parents included', () => {
    const dir = join(root, 'a', 'b', 'data');
    prepareDataDir(config({ DATA_DIR: dir }));
    expect(existsSync(dir)).toBe(true);
    prepareDataDir(config({ DATA_DIR: dir })); // already there: fine
  });

  it('prepareDataDir leaves the disk alone when nothing uses it', () => {
    const dir = join(root, 'unused');
    prepareDataDir(config({ ...SCALED_OUT, DATA_DIR: dir }));
    expect(existsSync(dir)).toBe(false);
  });

  it('prepareDataDir throws a clear ConfigError for a folder that cannot be created (under a file)', () => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'not a folder');
    const dir = join(file, 'data');
    let error: unknown;
    try {
      prepareDataDir(config({ DATA_DIR: dir }));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(`DATA_DIR: ${dir} cannot be created or written`);
    expect((error as Error).message).toMatch(/embedded database .*Set DATA_DIR to a writable folder/);
  });

  it('checkWritable makes a missing folder created on demand, and refuses a missing database folder', async () => {
    const outbox = join(root, 'fresh', 'data', 'outbox');
    await checkWritable({ path: outbox, createdOnDemand: true });
    expect(existsSync(outbox)).toBe(true);
    await expect(checkWritable({ path: join(root, 'gone', 'db'), createdOnDemand: false })).rejects.toThrow();
    expect(existsSync(join(root, 'gone'))).toBe(false);
    const file = join(root, 'not-a-folder');
    writeFileSync(file, 'a file');
    await expect(checkWritable({ path: join(file, 'outbox'), createdOnDemand: true })).rejects.toThrow();
  });
});
