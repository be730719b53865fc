/**
 * Starts the built server (apps/server/dist) on a free port with a fresh data folder, waits until it is healthy
 * and the demo catalog is seeded, and stops it and removes the folder afterwards. A local SMTP server (smtp-server, no
 * auth, 127.0.0.1) receives the shop's mail (the server's SMTP_URL points at it) and writes each message into a mail
 * folder that support/mailbox.ts reads (the tests run in other processes than this setup).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync, writeFileSync, renameSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PORT = Number(process.env.E2E_PORT ?? 3100);

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** Folder of received mail: one JSON file `{to: string[], receivedAt, raw}` per message (support/mailbox.ts). */
    mailDir: string;
  }
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let smtp: SMTPServer | undefined;
let mailDir: string | undefined;

/** Starts an SMTP server on 127.0.0.1 (a free port) that keeps every message in `dir`; resolves with its port. */
async function startSmtp(dir: string): Promise<number> {
  let seq = 0;
  smtp = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no STARTTLS to upgrade to (nodemailer would refuse the self-signed certificate).
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const file = join(dir, `${Date.now()}-${String(++seq).padStart(6, '0')}.json`);
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          receivedAt: new Date().toISOString(),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        // Written whole, then renamed: a reader never sees half a message.
        writeFileSync(`${file}.partial`, JSON.stringify(mail));
        renameSync(`${file}.partial`, file);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp!.once('error', reject);
    smtp!.listen(0, '127.0.0.1', () => resolve());
  });
  return (smtp.server.address() as AddressInfo).port;
}

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
  mailDir = mkdtempSync(join(tmpdir(), 'emporium-e2e-mail-'));
  const smtpPort = await startSmtp(mailDir);
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
      // The shop's mail goes to the SMTP server above (support/mailbox.ts reads it).
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A guard against a server that never comes up, not a speed target: two shards migrate and seed the demo at once
  // (about 45 s each on a quiet 2-core machine, past 90 s with another process busy beside them).
  await waitForHealth(baseURL, 600_000);
  project.provide('baseURL', baseURL);
  project.provide('mailDir', mailDir);

  return async () => {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
    if (mailDir) rmSync(mailDir, { recursive: true, force: true });
  };
}
