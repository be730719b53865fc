/**
 * Runs the browser journeys as E2E_SHARDS Vitest shards at once (default 2), each with its own production server,
 * PGlite database, mail folder and port (E2E_PORT + shard index): journeys that change the demo catalog (stock, refunds,
 * totals) never share one, and the shards fill the cores a single journey leaves idle (it waits on the browser and
 * the network about 45 % of the time). Each shard runs its files one at a time, as before. Output lines are prefixed
 * with the shard; the exit code is non-zero if any shard failed.
 *
 * With arguments (`npm run test -w @emporium/e2e -- journeys/checkout.e2e.ts`), one Vitest process runs them as given.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);
const shards = args.length > 0 ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 3100);

/** Runs one Vitest process; resolves with its exit code. */
function run(index) {
  const shardArgs = shards > 1 ? [`--shard=${index}/${shards}`] : [];
  const child = spawn('npx', ['vitest', 'run', '--config', 'vitest.config.ts', ...shardArgs, ...args], {
    env: { ...process.env, E2E_PORT: String(basePort + index - 1) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = shards > 1 ? `[e2e ${index}/${shards}] ` : '';
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: from }).on('line', (line) => to.write(`${prefix}${line}\n`));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => run(i + 1)));
process.exit(codes.every((code) => code === 0) ? 0 : 1);
