import { accessSync, constants } from "node:fs";
import path from "node:path";

/** Why Claude Code's sandbox cannot run here, or null when it can. */
export function sandboxProblem(input: { platform: NodeJS.Platform; pathValue: string }): string | null {
  if (input.platform === "darwin") return null;
  if (input.platform !== "linux") {
    return "Claude Code's sandbox runs on macOS, Linux and WSL2, not on this system. Run the plan in Ask or Accept edits.";
  }
  const missing = ["bwrap", "socat"].filter((program) => !isOnPath(program, input.pathValue));
  if (missing.length === 0) return null;
  return `Claude Code's sandbox needs bubblewrap and socat on Linux, and ${missing.join(" and ")} cannot be found on the PATH Arbor gives Claude. Install them (sudo apt-get install bubblewrap socat), or run the plan in Ask or Accept edits.`;
}

function isOnPath(program: string, pathValue: string): boolean {
  return pathValue
    .split(path.delimiter)
    .filter((folder) => folder !== "")
    .some((folder) => {
      try {
        accessSync(path.join(folder, program), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}
