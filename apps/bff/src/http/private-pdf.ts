import type { FastifyReply } from 'fastify';

/** A PDF only its session may see: never cached, opened in the browser under a safe file name. */
export const sendPrivatePdf = (reply: FastifyReply, fileName: string, pdf: Uint8Array) =>
  reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `inline; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .send(Buffer.from(pdf));
