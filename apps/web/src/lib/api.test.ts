import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiRequest } from './api';

/**
 * apiRequest against a real HTTP server: `/slow` sends its status and headers, then holds the body back, as a quote
 * does while the checkout's choice changes again (issue 40, item 11: the aborted read used to resolve with `null`,
 * and the quote hook then read `null.data`).
 */
let server: Server;
let base = '';
/** Resolves once `/slow` has sent its headers and the first bytes of its body. */
let slowStarted: Promise<void>;
let markSlowStarted: () => void;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/slow') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"success":true,', () => markSlowStarted());
      return;
    }
    if (req.url === '/refused') {
      res.writeHead(409, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ success: false, message: 'Only 1 left in size XL' }));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ success: true, data: { total: 12.5 } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('apiRequest', () => {
  it('rejects with the abort when the caller aborts while the body is still being read', async () => {
    slowStarted = new Promise((resolve) => (markSlowStarted = resolve));
    const controller = new AbortController();
    const answer = apiRequest<{ data: unknown }>(`${base}/slow`, {
      method: 'POST',
      body: {},
      signal: controller.signal,
    });
    // Abort once the server has sent the headers (and fetch inside apiRequest could resolve), while the body is pending.
    await slowStarted;
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('resolves with the parsed body of a success and throws the server message of a refusal', async () => {
    await expect(apiRequest(`${base}/ok`)).resolves.toEqual({ success: true, data: { total: 12.5 } });
    const refusal = apiRequest(`${base}/refused`, { method: 'POST', body: {} });
    await expect(refusal).rejects.toBeInstanceOf(ApiError);
    await expect(refusal).rejects.toMatchObject({ status: 409, message: 'Only 1 left in size XL' });
  });
});
