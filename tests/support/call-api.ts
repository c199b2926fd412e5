import type {
  AcceptedBody,
  HookInstallBody,
  PinBody,
  RunResultBody,
  SendBody,
  SessionBody,
  TrustBody,
} from "./api-types.ts";
import { browserHeaders } from "./browser-credential.ts";
import type { ArborAddress } from "./start-arbor.ts";

/**
 * Calls Arbor's API as Arbor's own page in the browser the harness signed in (its cookie, its page key and
 * the same-origin Origin), with a JSON body; `as: "api-client"` calls it with the access token instead
 * (which only reads). `T` is the body the test expects (a type from api-types.ts); like the UI's fetchJson
 * it is not checked at run time: the test's assertions are. Non-JSON bodies come back as text.
 */
export async function callApi<T = unknown>(
  arbor: ArborAddress,
  route: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; as?: "browser" | "api-client" } = {},
): Promise<{ status: number; body: T }> {
  const credential =
    init.as === "api-client"
      ? { authorization: `Bearer ${arbor.token}` }
      : browserHeaders({ url: arbor.url, browser: arbor.browser });
  const response = await fetch(`${arbor.url}${route}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...credential,
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the text is the body.
  }
  return { status: response.status, body: body as T };
}

/** Pins the repository containing `path` and returns its repoId; throws when the API refuses. */
export async function pinRepo(arbor: ArborAddress, path: string): Promise<string> {
  const { status, body } = await callApi<PinBody>(arbor, "/api/repo-pins", { body: { path } });
  if (status >= 300) throw new Error(`pinning ${path} answered ${status}: ${JSON.stringify(body)}`);
  return body.pin.repoId;
}

/**
 * Trusts the repository as the user does in its Trust… dialog: reads what it would run (its digest),
 * then trusts exactly that. Throws when the API refuses. Plant hooks and config before: trust covers them.
 */
export async function trustRepo(arbor: ArborAddress, repoId: string): Promise<void> {
  const inspected = await callApi<TrustBody>(arbor, `/api/repos/${repoId}/trust`);
  const trusted = await callApi(arbor, `/api/repos/${repoId}/trust`, { body: { digest: inspected.body.trust.digest } });
  if (trusted.status >= 300)
    throw new Error(`trusting ${repoId} answered ${trusted.status}: ${JSON.stringify(trusted.body)}`);
}

/** Opens (or reopens) the worktree's chat session and returns its id; throws when the API refuses. */
export async function openSession(
  arbor: ArborAddress,
  input: { repoId: string; worktreePath: string },
): Promise<string> {
  const { status, body } = await callApi<SessionBody>(arbor, "/api/chat/sessions", { body: input });
  if (status >= 300)
    throw new Error(`opening a session in ${input.worktreePath} answered ${status}: ${JSON.stringify(body)}`);
  return body.session.id;
}

/**
 * POST /api/chat/send (202, the run queued), then GET /api/chat/runs/<id>?wait=1 until the run has ended:
 * resolves with the stored message, answer and run. A refused send comes back as it was answered (its 4xx
 * and error body); an accepted one with the wait's status (200).
 */
export async function sendChat(
  arbor: ArborAddress,
  input: { sessionId: string; userMessage: string },
): Promise<{ status: number; body: SendBody }> {
  return followRun(arbor, await callApi<AcceptedBody>(arbor, "/api/chat/send", { body: input }));
}

/** POST /api/chat/retry followed to the new run's end, as sendChat does. */
export async function retryChat(
  arbor: ArborAddress,
  input: { runId: string; allowTools?: Array<{ toolName: string; ruleContent: string | null }> },
): Promise<{ status: number; body: SendBody }> {
  return followRun(arbor, await callApi<AcceptedBody>(arbor, "/api/chat/retry", { body: input }));
}

async function followRun(
  arbor: ArborAddress,
  accepted: { status: number; body: AcceptedBody },
): Promise<{ status: number; body: SendBody }> {
  if (accepted.status !== 202) return accepted as unknown as { status: number; body: SendBody };
  const ended = await callApi<RunResultBody>(arbor, `/api/chat/runs/${accepted.body.run.id}?wait=1`);
  if (ended.status !== 200) return ended as unknown as { status: number; body: SendBody };
  return {
    status: ended.status,
    body: {
      userMessage: accepted.body.userMessage,
      assistantMessage: ended.body.assistantMessage,
      run: ended.body.run,
    },
  };
}

/** POST /api/hooks/install for one worktree: installs and writes unless told otherwise. */
export function changeWorktreeHooks(
  arbor: ArborAddress,
  input: { repoId: string; worktreePath: string; action?: "install" | "uninstall"; apply?: boolean },
): Promise<{ status: number; body: HookInstallBody }> {
  return callApi<HookInstallBody>(arbor, "/api/hooks/install", {
    body: { scope: "worktree", action: "install", apply: true, ...input },
  });
}
