import { describe, expect, it } from "vitest";
import { FILES_NAMED_IN_MESSAGES, nameFiles } from "./name-files.ts";

describe("nameFiles", () => {
  it("names every file of a short list", () => {
    expect(nameFiles({ files: ["a.txt"] })).toBe("a.txt");
    expect(nameFiles({ files: ["a.txt", "b.txt"] })).toBe("a.txt, b.txt");
  });

  it("names the first files, then how many more, whatever the list's length", () => {
    const files = Array.from({ length: 12_000 }, (_, index) => `src/file-${index}.txt`);
    const named = nameFiles({ files });
    expect(named).toMatch(/^src\/file-0\.txt, src\/file-1\.txt, .* and 11990 more$/);
    expect(named.split(", ")).toHaveLength(FILES_NAMED_IN_MESSAGES);
    expect(named.length).toBeLessThan(400);
  });

  it("counts the files a cut list left out", () => {
    expect(nameFiles({ files: ["a", "b", "c"], total: 500, max: 2 })).toBe("a, b and 498 more");
    expect(nameFiles({ files: ["a", "b"], total: 3 })).toBe("a, b and 1 more");
  });
});
