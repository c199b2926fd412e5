import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** An environment as `/proc/<pid>/environ` holds it: NAME=value entries, each ended by a NUL. */
export function parseEnviron(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const entry of text.split("\0")) {
    const equals = entry.indexOf("=");
    if (equals > 0) env[entry.slice(0, equals)] = entry.slice(equals + 1);
  }
  return env;
}

/** The environment a live process was started with (Linux, same user). */
export function readEnviron(pid: number): Record<string, string> {
  return parseEnviron(readFileSync(`/proc/${pid}/environ`, "utf8"));
}

/** `env`'s output (NAME=value lines; a value with a line break ends at it). */
export function parseEnvOutput(text: string): Record<string, string> {
  return parseEnviron(text.replace(/\n/g, "\0"));
}

export interface EnvironRecorder {
  binDir: string;
  /** Every invocation so far: its arguments and the environment it was started with. */
  calls(): Array<{ args: string[]; env: Record<string, string> }>;
}

/**
 * A stand-in for the command `name` in `<dir>/recording-env-<name>` (put it first on PATH): each
 * run saves its arguments and the environment it was started with (its /proc environ, exactly),
 * then execs `thenExec` with the same arguments, or exits 0.
 */
export function writeEnvironRecorder(input: { dir: string; name: string; thenExec?: string }): EnvironRecorder {
  const binDir = path.join(input.dir, `recording-env-${input.name}`);
  const callsDir = path.join(binDir, "calls");
  mkdirSync(callsDir, { recursive: true });
  const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
  const out = `${quote(callsDir)}/$$`;
  writeFileSync(
    path.join(binDir, input.name),
    "#!/bin/sh\n" +
      `printf '%s\\0' "$@" > ${out}.args && cat /proc/$$/environ > ${out}.tmp && mv ${out}.tmp ${out}.environ\n` +
      (input.thenExec ? `exec ${quote(input.thenExec)} "$@"\n` : "exit 0\n"),
  );
  chmodSync(path.join(binDir, input.name), 0o700);
  return {
    binDir,
    calls: () =>
      readdirSync(callsDir)
        .filter(
          (name) => name.endsWith(".environ") && existsSync(path.join(callsDir, name.replace(/environ$/, "args"))),
        )
        .map((name) => ({
          args: readFileSync(path.join(callsDir, name.replace(/environ$/, "args")), "utf8")
            .split("\0")
            .slice(0, -1),
          env: parseEnviron(readFileSync(path.join(callsDir, name), "utf8")),
        })),
  };
}
