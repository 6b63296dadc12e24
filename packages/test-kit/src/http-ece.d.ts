declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  /** RFC 8188 decryption; for Web Push (RFC 8291) the receiver's ECDH key and the subscription's auth secret. */
  export function decrypt(
    content: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string },
  ): Buffer;
}
