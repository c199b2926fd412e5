// `arbor` command line. Hooks can be installed before Arbor is ever opened in a browser: the
// command writes the hook script and the settings entries itself, with the same code as the UI.
// `arbor open` prints (and opens) the running server's sign-in link, read from the data directory.
import path from "node:path";
import { spawnSync } from "node:child_process";
import { applyHookPlan } from "@/lib/hook-ingest/apply-hook-plan.ts";
import { hookFiles, loadOrCreateHookToken } from "@/lib/hook-ingest/hook-files.ts";
import { writeHookScript } from "@/lib/hook-ingest/hook-script.ts";
import { userHookTarget, worktreeHookTarget, type HookTarget } from "@/lib/hook-ingest/hook-targets.ts";
import { openRepository } from "@/lib/git/read/resolve-repository.ts";
import { runGit } from "@/lib/git/run/run-git.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import { parseCliFlags, resolveArborConfig } from "@/lib/config/arbor-config.ts";
import { installConfig } from "@/lib/config/current-config.ts";
import { describeDatabaseUrl } from "@/lib/db/database-url.ts";
import { projectRoot } from "./boot.ts";
import { SERVER_NODE_FLAGS } from "./node-flags.ts";
import { runOpenCommand } from "./open-command.ts";

const USAGE = `usage:
  arbor start [--port N] [--host H] [--data-dir DIR] [--runner CLONE [--slots N]]
                --runner pins, trusts and offers CLONE to the team's plans (DATABASE_URL=postgresql://…)
  arbor open [--data-dir DIR] [--no-browser]     prints the sign-in link of the running Arbor and opens it
  arbor hooks install <path> [--scope worktree|repo|user] [--dry-run] [--data-dir DIR] [--port N]
  arbor hooks uninstall <path> [--scope worktree|repo|user] [--dry-run] [--data-dir DIR]
  arbor db copy [--to postgresql://user@host:port/db] [--data-dir DIR]
                copies the data directory's SQLite database into an empty PostgreSQL database (the target
                defaults to DATABASE_URL; keep the password in the environment: PGPASSWORD or DATABASE_URL)`;

async function main(argv: string[]): Promise<number> {
  const [command, sub, ...rest] = argv;
  if (command === "start") {
    // The server runs in the project folder (Next loads next.config.ts and its imports from there), so a
    // data folder named relative to where `arbor` was typed is made absolute first.
    const { dataDir } = resolveArborConfig({ env: process.env, flags: parseCliFlags(argv.slice(1)) });
    const result = spawnSync(
      process.execPath,
      [...SERVER_NODE_FLAGS, path.join(projectRoot, "server/launch.mjs"), ...argv.slice(1), "--data-dir", dataDir],
      { stdio: "inherit", env: process.env, cwd: projectRoot },
    );
    return result.status ?? 1;
  }
  if (command === "open") {
    const flags = argv.slice(1);
    const config = resolveArborConfig({
      env: process.env,
      flags: parseCliFlags(flags.filter((flag) => flag !== "--no-browser")),
    });
    return runOpenCommand({ config, isBrowserWanted: !flags.includes("--no-browser") });
  }
  if (command === "db" && sub === "copy") return runDbCopy(rest);
  if (command !== "hooks" || (sub !== "install" && sub !== "uninstall")) {
    console.error(USAGE);
    return 2;
  }
  const { positional, scope, isDryRun, serverFlags } = parseHookArgs(rest);
  const config = resolveArborConfig({ env: process.env, flags: parseCliFlags(serverFlags) });
  installConfig(config);
  const files = hookFiles(config.dataDir);
  writeHookScript({
    dataDir: config.dataDir,
    url: `http://127.0.0.1:${config.port}`,
    hookToken: loadOrCreateHookToken(config.dataDir),
  });
  const targets = await resolveTargets({ scope, target: positional });
  let exitCode = 0;
  for (const target of targets) {
    const result = applyHookPlan({
      target,
      action: sub,
      scriptPath: files.scriptPath,
      backupDir: files.backupDir,
      apply: !isDryRun,
    });
    console.log(
      `${result.file}: ${result.isWritten ? "written" : result.outcome}${result.backupPath ? ` (backup: ${result.backupPath})` : ""}`,
    );
    console.log(result.preview.replace(/^/gm, "  "));
    if (result.outcome === "manual") {
      exitCode = 1;
      console.log(`  ${result.reason}\n${result.snippet?.replace(/^/gm, "    ")}`);
    }
  }
  return exitCode;
}

async function runDbCopy(args: string[]): Promise<number> {
  const toIndex = args.findIndex((arg) => arg === "--to" || arg.startsWith("--to="));
  const toArg = toIndex < 0 ? undefined : args[toIndex]!.includes("=") ? args[toIndex]!.slice(5) : args[toIndex + 1];
  const serverFlags =
    toIndex < 0
      ? args
      : args.filter((_, index) => index !== toIndex && (args[toIndex]!.includes("=") || index !== toIndex + 1));
  const config = resolveArborConfig({ env: process.env, flags: parseCliFlags(serverFlags) });
  installConfig(config);
  const targetUrl = toArg ?? (config.databaseUrl.startsWith("file:") ? undefined : config.databaseUrl);
  if (!targetUrl) {
    console.error(
      `arbor: name the target: --to postgresql://user@host:port/db, or DATABASE_URL in the environment\n${USAGE}`,
    );
    return 2;
  }
  if (toArg && /^[^:]+:\/\/[^/@]*:[^/@]*@/.test(toArg)) {
    console.error(
      "arbor: warning: --to carries a password, which other accounts can read on the command line (ps); prefer PGPASSWORD or DATABASE_URL in the environment",
    );
  }
  const { copySqliteToPostgres } = await import("./db-copy.ts");
  const report = await copySqliteToPostgres({
    root: projectRoot,
    dataDir: config.dataDir,
    targetUrl,
    log: (line) => console.log(`  ${line}`),
  });
  console.log(`copied ${config.dataDir}/arbor.db to ${describeDatabaseUrl(targetUrl)}; verified per table:`);
  for (const table of report.tables) {
    console.log(
      `  ${table.table.padEnd(28)} ${String(table.rows).padStart(8)} rows  sha256 ${table.checksum.slice(0, 16)}  ok`,
    );
  }
  console.log(`Start Arbor on it: DATABASE_URL=… npm start -- --data-dir ${config.dataDir}`);
  return 0;
}

function parseHookArgs(args: string[]) {
  const serverFlags: string[] = [];
  let scope: "worktree" | "repo" | "user" = "worktree";
  let isDryRun = false;
  const positional: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === "--dry-run") isDryRun = true;
    else if (arg === "--scope") {
      const value = args[++index];
      if (value !== "worktree" && value !== "repo" && value !== "user")
        throw new Error("--scope must be worktree, repo or user");
      scope = value;
    } else if (arg.startsWith("--")) serverFlags.push(arg, ...(arg.includes("=") ? [] : [args[++index] ?? ""]));
    else positional.push(arg);
  }
  if (scope !== "user" && positional.length !== 1) throw new Error(`give one worktree or repository path\n${USAGE}`);
  return { positional: positional[0] ?? "", scope, isDryRun, serverFlags };
}

async function resolveTargets(input: { scope: "worktree" | "repo" | "user"; target: string }): Promise<HookTarget[]> {
  if (input.scope === "user") return [userHookTarget()];
  const absolute = path.resolve(input.target);
  const { repository, entries } = await openRepository(absolute);
  if (input.scope === "worktree") {
    const toplevel = (await runGit({ cwd: absolute, args: ["rev-parse", "--show-toplevel"] })).trim();
    return [worktreeHookTarget({ worktreePath: toplevel, commonDir: repository.commonDir })];
  }
  return entries
    .filter((entry) => !entry.isBare)
    .map((entry) => worktreeHookTarget({ worktreePath: entry.path, commonDir: repository.commonDir }));
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`arbor: ${isAppError(error) || error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
