import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./node-flags.ts";

describe("server node flags", () => {
  it("are the ones npm start and npm run dev pass to node", () => {
    const { scripts } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      scripts: Record<string, string>;
    };
    const flags = SERVER_NODE_FLAGS.join(" ");
    expect(scripts.start).toBe(`node ${flags} server/launch.mjs`);
    expect(scripts.dev).toMatch(new RegExp(`^node ${flags} --import tsx server/main\\.ts --dev$`));
  });
});
