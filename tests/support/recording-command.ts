import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * A stand-in for the command `name` in a fresh folder `binDir` (put it first on PATH): it records
 * the arguments it was given, one per line, written at once (so a test can wait for the file),
 * then runs `thenRun` with them or exits. Tests use it to read a command line another program built.
 */
export function writeRecordingCommand(input: { dir: string; name: string; thenRun?: string }): {
  binDir: string;
  argvFile: string;
  readArgv(): string[];
} {
  const binDir = path.join(input.dir, `recording-${input.name}`);
  const argvFile = path.join(binDir, "argv");
  mkdirSync(binDir, { recursive: true });
  const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
  writeFileSync(
    path.join(binDir, input.name),
    `#!/bin/sh\nprintf '%s\\n' "$@" > ${quote(`${argvFile}.tmp`)} && mv ${quote(`${argvFile}.tmp`)} ${quote(argvFile)}\n` +
      (input.thenRun ? `exec ${quote(input.thenRun)} "$@"\n` : ""),
  );
  chmodSync(path.join(binDir, input.name), 0o700);
  return { binDir, argvFile, readArgv: () => readFileSync(argvFile, "utf8").trimEnd().split("\n") };
}
