import { type Dispatcher, request } from 'undici';

/** A file the upstream serves: its bytes and content type; null when it has no such file. */
export interface UpstreamFile {
  type: string;
  bytes: Uint8Array;
}

/**
 * The files the upstream serves over HTTP (boleto PDFs, creditor logos), read through the BFF's pool so each
 * call carries the request's id. A transport failure throws; any answer but a 200 of the expected type is
 * no file.
 */
export function createUpstreamFiles({
  baseUrl,
  dispatcher,
  timeoutMs,
}: {
  baseUrl: string;
  dispatcher: Dispatcher;
  timeoutMs: number;
}) {
  async function read(path: string, accepts: (type: string) => boolean): Promise<UpstreamFile | null> {
    const reply = await request(new URL(path, baseUrl), {
      dispatcher,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const type = reply.headers['content-type'];
    if (reply.statusCode !== 200 || typeof type !== 'string' || !accepts(type)) {
      await reply.body.dump();
      return null;
    }
    return { type, bytes: new Uint8Array(await reply.body.arrayBuffer()) };
  }

  return {
    /** a boleto's PDF at the path the upstream gave when it issued it */
    boleto: (path: string) => read(path, (type) => type === 'application/pdf'),
    /** a creditor's logo, by its file name */
    logo: (file: string) => read(`/logos/${encodeURIComponent(file)}`, (type) => type.startsWith('image/')),
  };
}

export type UpstreamFiles = ReturnType<typeof createUpstreamFiles>;
