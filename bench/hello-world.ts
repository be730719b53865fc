/** The baseline: a bare Fastify hello-world on the port given as the first argument. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.argv[2] ?? 3900), host: '127.0.0.1' });
