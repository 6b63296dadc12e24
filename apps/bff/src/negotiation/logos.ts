import type { Ports } from '../ports/ports';
import type { UpstreamFile } from '../upstream/files';

/** A logo's file name as the upstream names it: no path, an image's extension. */
const LOGO_FILE = /^[A-Za-z0-9._-]+\.(svg|png|jpe?g|webp)$/;

/** The upstream's logo address as a path of our own origin, or null when it names no image file. */
export function logoPath(logomarca: string): string | null {
  let file: string | undefined;
  try {
    file = new URL(logomarca, 'http://upstream.invalid').pathname.split('/').pop();
  } catch {
    return null;
  }
  return file && LOGO_FILE.test(file) ? `/api/logos/${file}` : null;
}

/**
 * A creditor's logo, fetched from the upstream to be served from our own origin: null for a name that is no
 * image file (never asked of the upstream) or a logo the upstream does not have. A transport failure throws.
 */
export async function creditorLogo(ports: Pick<Ports, 'files'>, file: string): Promise<UpstreamFile | null> {
  if (!LOGO_FILE.test(file)) return null;
  return ports.files.logo(file);
}
