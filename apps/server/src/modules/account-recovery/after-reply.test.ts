/**
 * The queue of work after a reply (issue 46): a task starts only once the code that queued it is done (after the
 * reply), a failing task is tried again and logged when it fails for good, the server's close waits for every task,
 * and a full queue says so before anything is queued.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createAfterReply } from './after-reply.ts';

/** A logger that keeps its lines. */
function capturingLog() {
  const lines: Array<{ level: number; msg: string; task?: string; attempts?: number }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { lines, log: pino({ level: 'info' }, stream) };
}

describe('work after the reply', () => {
  it('starts a task only after the code that queued it has finished', async () => {
    const { log } = capturingLog();
    const queue = createAfterReply(log);
    let replied = false;
    let sawReply: boolean | undefined;
    queue.run('check', async () => {
      sawReply = replied;
    });
    replied = true;
    await queue.drain();
    expect(sawReply).toBe(true);
  });

  it('tries a failing task again, and logs it by name when it fails for good', async () => {
    const { lines, log } = capturingLog();
    const queue = createAfterReply(log, { retryDelaysMs: [1, 1] });
    let flaky = 0;
    queue.run('flaky', async () => {
      if (++flaky < 2) throw new Error('connection lost');
    });
    let broken = 0;
    queue.run('broken', async () => {
      broken++;
      throw new Error('still down');
    });
    await queue.drain();
    expect(flaky).toBe(2);
    expect(broken).toBe(3);
    const errors = lines.filter((l) => l.level >= 50);
    expect(errors).toEqual([expect.objectContaining({ task: 'broken', attempts: 3 })]);
    expect(lines.filter((l) => l.level === 40).map((l) => l.task)).toEqual(['flaky', 'broken', 'broken']);
  });

  it('waits on close for every task, those still queued included', async () => {
    const { log } = capturingLog();
    const queue = createAfterReply(log, { concurrency: 1 });
    const done: number[] = [];
    for (const n of [1, 2, 3]) {
      queue.run(`task ${n}`, async () => {
        await new Promise((r) => setTimeout(r, 5));
        done.push(n);
      });
    }
    await queue.drain();
    expect(done).toEqual([1, 2, 3]);
  });

  it('is full once `maxWaiting` tasks wait', async () => {
    const { log } = capturingLog();
    const queue = createAfterReply(log, { maxWaiting: 2 });
    queue.run('a', async () => {});
    expect(queue.full()).toBe(false);
    queue.run('b', async () => {});
    expect(queue.full()).toBe(true);
    await queue.drain();
    expect(queue.full()).toBe(false);
  });
});
