/**
 * Starts the built server (apps/server/dist) on a free port with a fresh data folder, waits until it is healthy
 * and the demo catalog is seeded, and stops it and removes the folder afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PORT = Number(process.env.E2E_PORT ?? 3100);

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (server?.exitCode !== null && server?.exitCode !== undefined) {
      throw new Error(`server exited with code ${server.exitCode}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy at ${url} after ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  const entry = join(root, 'apps/server/dist/main.js');
  if (!existsSync(entry)) throw new Error('Build first: npm run build (apps/server/dist/main.js is missing)');
  dataDir = mkdtempSync(join(tmpdir(), 'emporium-e2e-'));
  const baseURL = `http://127.0.0.1:${PORT}`;
  server = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Every journey logs in from 127.0.0.1; the per-email failed-login limit still applies.
      AUTH_RATE_LIMIT_MAX: '10000',
      RATE_LIMIT_MAX: '100000',
      // One client asks for everything: no budget of cold catalog answers (CATALOG_COLD_PER_MINUTE).
      CATALOG_COLD_PER_MINUTE: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseURL, 90_000);
  project.provide('baseURL', baseURL);

  return async () => {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
