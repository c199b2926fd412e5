import { spawn, type ChildProcess } from "node:child_process";

/**
 * Another process that takes SQLite's write lock on a database (BEGIN EXCLUSIVE) and holds it
 * until told to release, like a second program or a backup tool would.
 */
export async function lockDatabase(file: string): Promise<{ release(): Promise<void>; process: ChildProcess }> {
  const script = `
    const Database = require("better-sqlite3");
    const db = new Database(process.argv[1]);
    db.exec("BEGIN EXCLUSIVE");
    process.stdout.write("locked\\n");
    process.stdin.once("data", () => { db.exec("COMMIT"); db.close(); process.stdout.write("released\\n"); process.exit(0); });
  `;
  const child = spawn(process.execPath, ["-e", script, file], {
    stdio: ["pipe", "pipe", "inherit"],
    cwd: process.cwd(),
  });
  await waitForLine(child, "locked");
  return {
    process: child,
    async release() {
      const released = waitForLine(child, "released");
      child.stdin.write("go\n");
      await released;
    },
  };
}

function waitForLine(child: ChildProcess, line: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.split("\n").includes(line)) {
        child.stdout!.off("data", onData);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`locker exited (${code}) before "${line}"`)));
  });
}
