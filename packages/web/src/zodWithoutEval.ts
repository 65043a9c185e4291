import { z } from 'zod';

/**
 * The server's Content-Security-Policy allows no eval. Zod probes `new Function` to compile faster
 * parsers when a schema is built, and the browser reports that probe as a policy violation even
 * though Zod catches the refusal; so the web parses without it. main.tsx imports this first,
 * before @portal/shared builds its schemas.
 */
z.config({ jitless: true });
