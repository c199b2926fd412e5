import { describe, expect, it } from "vitest";
import {
  decodeGitPath,
  isSamePath,
  isValidPathToken,
  pathTokenToBytes,
  toCommandLinePathspec,
  quoteGitPath,
  toPathspecFileEntry,
  unquoteGitPath,
} from "./git-path.ts";

const bytes = (...values: number[]) => Uint8Array.from(values);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe("git paths", () => {
  it("keeps a UTF-8 name as itself and escapes only what would break a line", () => {
    expect(decodeGitPath(utf8("dir/naïve file.txt"))).toEqual({
      path: "dir/naïve file.txt",
      display: "dir/naïve file.txt",
    });
    expect(decodeGitPath(utf8("line\nbreak\ttab"))).toEqual({
      path: "line\nbreak\ttab",
      display: "line\\nbreak\\ttab",
    });
  });

  it("carries a name that is not UTF-8 as its exact bytes and shows the bad bytes as escapes", () => {
    const name = bytes(0x63, 0x61, 0x66, 0xe9, 0x2e, 0x74, 0x78, 0x74); // "caf\xE9.txt" in Latin-1
    const decoded = decodeGitPath(name);
    expect(decoded.display).toBe("caf\\xE9.txt");
    expect(decoded.path.startsWith("/raw/")).toBe(true);
    expect([...pathTokenToBytes(decoded.path)]).toEqual([...name]);
    expect(isSamePath(decoded.path, decodeGitPath(name).path)).toBe(true);
    expect(isSamePath(decoded.path, "café.txt")).toBe(false);
  });

  it("accepts only relative paths without dot parts or NUL as tokens", () => {
    expect(isValidPathToken("src/a.ts")).toBe(true);
    expect(isValidPathToken(decodeGitPath(bytes(0xff, 0x41)).path)).toBe(true);
    for (const bad of ["", "/etc/passwd", "../x", "a/../../b", "a//b", "./a", "a\0b", "/raw/!!!"]) {
      expect(isValidPathToken(bad), bad).toBe(false);
    }
  });

  it("matches UTF-8 names literally and other names by a glob of their valid parts", () => {
    expect(toCommandLinePathspec("*.txt")).toBe(":(literal)*.txt");
    const raw = decodeGitPath(bytes(0x5b, 0x61, 0x5d, 0xe9, 0xe9, 0x2a)).path; // "[a]\xE9\xE9*"
    expect(toCommandLinePathspec(raw)).toBe(":(glob)\\[a]??\\*");
    expect(new TextDecoder("latin1").decode(toPathspecFileEntry(raw))).toBe(":(literal)[a]\xe9\xe9*\0");
  });

  it("reads C-quoted names from patch headers back into bytes", () => {
    expect([...unquoteGitPath('"a/caf\\303\\251 \\"q\\"\\n.txt"')]).toEqual([...utf8('a/café "q"\n.txt')]);
    expect([...unquoteGitPath("b/plain name.txt")]).toEqual([...utf8("b/plain name.txt")]);
    expect([...unquoteGitPath('"\\351"')]).toEqual([0xe9]);
  });

  it("C-quotes a name so git's unquoting gives back its exact bytes", () => {
    expect(quoteGitPath('a/café "q"\n.txt')).toBe('"a/caf\\303\\251 \\"q\\"\\n.txt"');
    expect(quoteGitPath("tab\there\\ \x01\x7f")).toBe('"tab\\there\\\\ \\001\\177"');
    for (const name of ["plain", "/tmp/it's here\n", "\x07bell\r", "日本/ü"])
      expect([...unquoteGitPath(quoteGitPath(name))]).toEqual([...utf8(name)]);
  });
});
