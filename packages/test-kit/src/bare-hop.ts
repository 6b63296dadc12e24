// (b) of the hop bench: a bare Fastify route making the BFF's upstream call (POST /login with a token)
// through an undici Pool, and nothing else. Run as its own process: UPSTREAM_URL, PORT.
import Fastify from 'fastify';
import { Pool } from 'undici';

const upstream = process.env.UPSTREAM_URL ?? '';
const pool = new Pool(upstream, { connections: 64 });
const app = Fastify({ logger: false });
app.get<{ Querystring: { token: string } }>('/hop', async (req, reply) => {
  const response = await pool.request({
    method: 'POST',
    path: '/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: req.query.token }),
  });
  const body = await response.body.json();
  return reply.send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
