import { buildStub, type Stub } from '@portal/stub/app';
import { afterAll, beforeAll } from 'vitest';

/**
 * Test helper: a simulator listening on a loopback port for the whole test file (started in beforeAll,
 * closed in afterAll). Read `stub` and `base` inside tests, once the file's setup has run.
 */
export function useStubServer() {
  const server = {
    stub: undefined as unknown as Stub,
    base: '',
    /** POSTs JSON to the simulator's own API. */
    post: (path: string, body: unknown) =>
      fetch(`${server.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
  };
  beforeAll(async () => {
    server.stub = await buildStub();
    server.base = await server.stub.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server.stub.app.close());
  return server;
}
