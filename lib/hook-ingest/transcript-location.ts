import { realpath, stat } from "node:fs/promises";
import path from "node:path";
import { getConfig } from "@/lib/config/current-config.ts";

/**
 * The real path of a transcript Arbor may open, or null. Hook payloads name their transcript
 * (`transcript_path`), and a payload can name anything: only a regular `.jsonl` file whose real
 * path lies inside `<Claude config dir>/projects/` of the user running Arbor is read. Anything
 * else is stored as given and never opened (no links out, no FIFOs, no other users' files).
 */
export async function resolveReadableTranscript(
  transcriptPath: string,
  claudeConfigDir = getConfig().claudeConfigDir,
): Promise<string | null> {
  if (!path.isAbsolute(transcriptPath) || !transcriptPath.endsWith(".jsonl")) return null;
  try {
    const [real, projects] = await Promise.all([
      realpath(transcriptPath),
      realpath(path.join(claudeConfigDir, "projects")),
    ]);
    const relative = path.relative(projects, real);
    if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative) || !real.endsWith(".jsonl")) {
      return null;
    }
    return (await stat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}
