import { z } from 'zod';

// zod probes for `new Function` (a faster parser) when its first schema is built; the CSP forbids it,
// and the browser reports the blocked eval as a violation. Imported before any schema is built:
// without the probe, zod parses the same.
z.config({ jitless: true });
