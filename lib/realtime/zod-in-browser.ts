import { z } from "zod";

/**
 * Imported first by the lib modules whose zod schemas the browser builds (the WebSocket protocol,
 * plan types). Zod compiles object parsers with `new Function` when it can and probes for that
 * when the first object schema is built; Arbor's Content-Security-Policy allows no eval, so the
 * browser would report the probe as a violation. In the browser parsing is interpreted; the
 * server keeps the compiled parsers.
 */
if (typeof window !== "undefined") z.config({ jitless: true });
