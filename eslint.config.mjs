// Lint: typescript-eslint with type information, the rules of hooks, and Arbor's layering
// (scripts/lint/): no module cycles, lib/ folders form no cycle, components/ import only pure lib/
// modules, lib/chat imports the rooms it coordinates for their types only. Formatting is Prettier's
// job (`npm run format`), so stylistic rules are off.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { chatReachesRoomsByPorts } from "./scripts/lint/chat-reaches-rooms-by-ports.mjs";
import { arborPlugin } from "./scripts/lint/plugin.mjs";

/** One import style: `./x.ts` inside a folder, `@/dir/x.ts` across folders, always with the extension. */
const importStyle = {
  patterns: [
    { group: ["../*"], message: "Import across folders as @/dir/file.ts (not ../)." },
    {
      regex: "^(\\.|@/).*(?<!\\.(ts|tsx|mjs|json|css))$",
      message: "Write the file's extension (./x.ts), as Node's ESM resolution expects.",
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".next/",
      ".next-*/",
      ".arbor-test/",
      "lib/db/generated/",
      "lib/db/generated-postgresql/",
      "tests/fixtures/",
      "test-results/",
      "playwright-report/",
      "next-env.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            "*.mjs",
            "scripts/*.mjs",
            "scripts/lint/*.mjs",
            "bin/*.mjs",
            "server/process-host/*.mjs",
            "public/*.js",
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    plugins: { arbor: arborPlugin },
    rules: {
      "arbor/no-file-cycles": "error",
      "no-restricted-imports": ["error", importStyle],
      "arbor/no-folder-cycles": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["components/**/*.{ts,tsx}", "app/**/*.tsx"],
    ...reactHooks.configs.flat["recommended-latest"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: { "arbor/components-import-pure-lib": "error" },
  },
  chatReachesRoomsByPorts,
  {
    // vitest's asymmetric matchers (expect.stringMatching, expect.any, …) are typed `any` on purpose.
    files: ["**/*.test.ts", "e2e/**/*.ts"],
    rules: { "@typescript-eslint/no-unsafe-assignment": "off" },
  },
  {
    files: ["**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The service worker: plain JavaScript the browser loads as is, in a worker's global scope.
    files: ["public/*.js"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  prettier,
);
