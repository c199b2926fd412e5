import type { ESLint } from "eslint";

/** Arbor's own lint rules (see plugin.mjs). */
export declare const arborPlugin: ESLint.Plugin;
