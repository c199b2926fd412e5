// lib/chat reaches the rooms it coordinates through the ports they define on the runtime context
// (docs/decisions/0025-chat-reaches-rooms-through-ports.md): it may import their types, never their code.

/** The rooms a run coordinates; each has a port on the runtime context. */
export const ROOMS_CHAT_COORDINATES = [
  "approvals",
  "trust",
  "plans",
  "ledger",
  "memory",
  "checks",
  "hook-policies",
  "hook-ingest",
  "pins",
];

/** An ESLint config block: typescript-eslint's no-restricted-imports, type imports allowed. */
export const chatReachesRoomsByPorts = {
  files: ["lib/chat/**/*.ts"],
  ignores: ["**/*.test.ts"],
  rules: {
    "@typescript-eslint/no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: ROOMS_CHAT_COORDINATES.map((room) => `@/lib/${room}/**`),
            allowTypeImports: true,
            message:
              "lib/chat reaches this room through its port on the runtime context (ctx.approvals, ctx.repoChecks…); import only its types.",
          },
        ],
      },
    ],
  },
};
