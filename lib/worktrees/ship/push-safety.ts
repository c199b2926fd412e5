import { AppError } from "@/lib/errors/app-error.ts";
import { splitConfigKey, type GitConfigEntry } from "@/lib/git/safety/parse-config-list.ts";
import { redactUrlCredentials } from "@/lib/git/safety/redact-url.ts";

/** How git reaches a remote URL: over the network, in a folder of this machine, or through a program. */
export type RemoteTransport = "network" | "local" | "program";

/**
 * git's reading of a remote URL: `https://`, `http://`, `ssh://` and scp-like `host:path` go over
 * the network; `file://` and a plain path are a folder on this machine; `<helper>::<address>`
 * (ext::, fd::…) and any other scheme go through a program (ext:: runs the command it names).
 */
export function classifyRemoteUrl(url: string): RemoteTransport {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    if (["https", "http", "ssh", "git+ssh", "ssh+git"].includes(scheme)) return "network";
    return scheme === "file" ? "local" : "program";
  }
  if (/^[a-z0-9][a-z0-9+.-]*::/i.test(url)) return "program";
  // git's own rule: a colon before the first slash makes it scp-like ssh (`git@github.com:o/r.git`).
  const colon = url.indexOf(":");
  const slash = url.indexOf("/");
  if (colon > 0 && (slash === -1 || colon < slash)) return "network";
  return "local";
}

/**
 * The receive-pack a push into a folder of this machine starts there, with that repository's hooks
 * and programs off: git runs it in the other repository, with that repository's config, and does not
 * pass this command's `-c` options on to it.
 */
export const NEUTRAL_LOCAL_RECEIVE_PACK =
  "git -c core.hooksPath=/dev/null -c core.fsmonitor=false -c core.alternateRefsCommand=true -c receive.denyCurrentBranch=refuse -c receive.autogc=false receive-pack";

/** Only these transports, whatever the repository's `protocol.*` or `url.*.insteadOf` say. */
const ALLOWED_PROTOCOLS = [
  "protocol.allow=never",
  "protocol.https.allow=always",
  "protocol.http.allow=always",
  "protocol.ssh.allow=always",
  "protocol.file.allow=always",
];

/** `http.*` settings that change whom git trusts or where it sends what it sends (a proxy, certificates, headers). */
const HTTP_TRUST_SETTING = /^(proxy|ssl|proxyssl|extraheader|curloptresolve|cookiefile)/i;

/**
 * How to push from an untrusted repository so no program its config names runs: only over https,
 * http, ssh or into a local folder (its hooks do not run), never a remote helper or `ext::`; and not
 * at all while its config sets an http proxy, certificates or headers, or a remote helper, which no
 * option can undo. Pure: throws precondition_failed saying why and what to do. `url` is git's push
 * URL; messages show it without credentials.
 */
export function planUntrustedPush(input: {
  remote: string;
  url: string;
  repositoryEntries: readonly GitConfigEntry[];
}): { config: string[]; pushOptions: string[] } {
  const { remote, url } = input;
  const refuse = (why: string) =>
    new AppError(
      "precondition_failed",
      `Arbor did not push: ${why}. Arbor pushes a repository you have not trusted only where no program of it runs. Trust the repository (Trust… on its pin) to push from Arbor, or push from a terminal.`,
      { details: { reason: "untrusted_push" } },
    );
  const transport = classifyRemoteUrl(url);
  if (transport === "program")
    throw refuse(
      `${remote}'s push URL (${redactUrlCredentials(url)}) goes through a program git would start, not https, ssh or a folder`,
    );
  const blocking = input.repositoryEntries
    .map((entry) => ({ key: entry.key, ...splitConfigKey(entry.key) }))
    .filter(
      ({ section, subsection, name }) =>
        (section === "http" && HTTP_TRUST_SETTING.test(name)) ||
        (section === "core" && name === "gitproxy") ||
        (section === "remote" && subsection === remote && (name === "vcs" || name === "proxy")),
    )
    .map(({ key }) => key);
  if (blocking.length > 0)
    throw refuse(
      `the repository's own config sets ${[...new Set(blocking)].join(", ")}, which would choose a program, proxy or certificate for the push`,
    );
  return {
    config: ALLOWED_PROTOCOLS,
    pushOptions: transport === "local" ? [`--receive-pack=${NEUTRAL_LOCAL_RECEIVE_PACK}`] : [],
  };
}
