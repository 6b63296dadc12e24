import type { FastifyBaseLogger } from 'fastify';

interface Socket {
  readonly readyState: number;
  readonly OPEN: number;
  send(data: string): void;
  on(event: 'message', listener: (raw: Buffer) => void): unknown;
}

/**
 * A channel socket's JSON side: `onMessage` gets each message parsed (one that is not JSON is dropped
 * with a warning naming the channel); the returned `send` writes a reply while the socket is open.
 */
export function jsonSocket<Reply>(
  socket: Socket,
  {
    name,
    log,
    onMessage,
  }: { name: string; log: FastifyBaseLogger; onMessage: (message: unknown) => unknown },
) {
  socket.on('message', (raw) => {
    let message: unknown;
    try {
      message = JSON.parse(raw.toString());
    } catch {
      log.warn(`${name}: a message that is not JSON was dropped`);
      return;
    }
    void onMessage(message);
  });
  return (reply: Reply) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(reply));
  };
}
