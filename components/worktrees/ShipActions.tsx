"use client";

import { useId, useState } from "react";
import type { WorktreeScan } from "@/lib/git/types.ts";
import type { PushResult } from "@/lib/worktrees/ship-types.ts";
import { useCreatePullRequest, usePullRequestInfo, usePushWorktree } from "@/components/api/ship-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { TextArea, TextInput } from "@/components/ui/FormFields.tsx";
import { TextWithCode } from "@/components/ui/TextWithCode.tsx";
import { useValueDraft, worktreeDraftKey } from "@/components/chat/use-draft.ts";
import { PullRequestBadge } from "./PullRequestBadge.tsx";
import { PullRequestChecks } from "./PullRequestChecks.tsx";
import { VisibleName, visibleName } from "@/components/ui/VisibleName.tsx";

/**
 * "Push" and "Pull request…" on a worktree with a branch, and its pull request's state once gh
 * knows one (only asked for branches that have an upstream), with its CI checks and review. Push says where it went or why git
 * refused; the dialog drafts a title and body, editable, and says what is missing when gh is not
 * installed or logged in, offering GitHub's compare page instead.
 */
export function ShipActions(props: { repoId: string; worktree: WorktreeScan }) {
  const { repoId, worktree } = props;
  const [isOpen, setOpen] = useState(false);
  const push = usePushWorktree(repoId, worktree.path);
  const info = usePullRequestInfo(repoId, worktree.path, { isEnabled: isOpen || worktree.upstream !== null });
  const pullRequest = info.data?.pullRequest ?? null;
  return (
    <>
      {pullRequest ? <PullRequestBadge pullRequest={pullRequest} /> : null}
      {pullRequest ? (
        <PullRequestChecks
          repoId={repoId}
          worktreePath={worktree.path}
          ci={pullRequest.ci}
          isRefreshing={info.isFetching}
          onOpen={() => void info.refetch()}
        />
      ) : null}
      <Button size="sm" data-testid="worktree-push" disabled={push.isPending} onClick={() => push.mutate()}>
        {push.isPending ? "Pushing…" : "Push"}
      </Button>
      <Button size="sm" data-testid="worktree-pr" onClick={() => setOpen(true)}>
        Pull request…
      </Button>
      {push.error || push.data ? (
        <div className="order-last basis-full text-right text-xs" data-testid="push-outcome">
          {push.error ? (
            <ErrorNotice error={push.error} testId="push-error" />
          ) : (
            <p role="status" className="text-emerald-700 dark:text-emerald-400">
              {push.data ? describePush(push.data) : null}
            </p>
          )}
        </div>
      ) : null}
      {isOpen ? (
        <PullRequestDialog repoId={repoId} worktree={worktree} onClose={() => setOpen(false)} onPush={push} />
      ) : null}
    </>
  );
}

function PullRequestDialog(props: {
  repoId: string;
  worktree: WorktreeScan;
  onClose: () => void;
  onPush: ReturnType<typeof usePushWorktree>;
}) {
  const info = usePullRequestInfo(props.repoId, props.worktree.path, { isEnabled: true });
  const create = useCreatePullRequest(props.repoId, props.worktree.path);
  // What the user edited, kept in this browser until the pull request is opened: closing the
  // dialog or reloading loses none of it (a field never edited follows the server's draft).
  const [edits, setEdits] = useValueDraft(
    worktreeDraftKey("pull-request", { repoId: props.repoId, worktreePath: props.worktree.path }),
    readDraftEdits,
    hasNoEdits,
  );
  const { title = null, body = null } = edits;
  const edit = (field: "title" | "body", value: string) => setEdits((current) => ({ ...current, [field]: value }));
  const headingId = useId();
  const titleId = useId();
  const bodyId = useId();
  const data = info.data;
  const shownTitle = title ?? data?.draft.title ?? "";
  const shownBody = body ?? data?.draft.body ?? "";
  const isGhReady = data?.gh.state === "ready";
  const existing = create.data ?? data?.pullRequest ?? null;
  const canCreate =
    isGhReady &&
    data?.isPushed === true &&
    data.blocker === null &&
    shownTitle.trim() !== "" &&
    !create.isPending &&
    existing?.state !== "OPEN";
  return (
    <Dialog isOpen onCancel={props.onClose} labelledBy={headingId} testId="pr-dialog" className="max-w-xl">
      <div className="space-y-3 p-4 text-xs">
        <h2 id={headingId} className="text-sm font-semibold">
          Pull request for <VisibleName name={props.worktree.branch ?? "this worktree"} />
        </h2>
        {info.isPending ? <p className="text-zinc-500">Asking git and the GitHub CLI…</p> : null}
        {info.error ? <ErrorNotice error={info.error} testId="pr-info-error" /> : null}
        {data ? (
          <>
            <p className="text-zinc-600 dark:text-zinc-400">
              Into <span className="font-mono">{data.base}</span>
              {data.remote ? (
                <>
                  {" "}
                  on <span className="font-mono">{data.remote.name}</span>
                  {/* On a line of its own: a long URL wraps there, not in the middle of the sentence. */}
                  <span className="block font-mono text-zinc-500 [overflow-wrap:anywhere]" data-testid="pr-remote-url">
                    {data.remote.url}
                  </span>
                </>
              ) : (
                " — the repository has no remote."
              )}
            </p>
            {data.blocker ? (
              <div
                role="alert"
                data-testid="pr-blocker"
                className="whitespace-pre-wrap rounded border border-amber-300 bg-amber-50 p-2 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
              >
                <TextWithCode text={data.blocker} />
              </div>
            ) : null}
            {data.gh.state !== "ready" ? (
              <div
                role="alert"
                data-testid="pr-gh-message"
                data-state={data.gh.state}
                className="whitespace-pre-wrap rounded border border-amber-300 bg-amber-50 p-2 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
              >
                <TextWithCode text={data.gh.message} />
              </div>
            ) : null}
            {/* Only once the branch is on the remote (before, GitHub's page would compare nothing); the
                title and body go along, so what was written here is not lost there. */}
            {data.compareUrl && data.isPushed ? (
              <p>
                <a
                  href={withDraft(data.compareUrl, { title: shownTitle, body: shownBody })}
                  target="_blank"
                  rel="noreferrer"
                  data-testid="pr-compare-url"
                  className="break-words text-emerald-800 underline dark:text-emerald-300"
                >
                  {data.gh.state === "ready"
                    ? "Or open it on GitHub's compare page, with the title and description below"
                    : "Open it on GitHub's compare page, with the title and description below"}
                </a>
              </p>
            ) : null}
            {data.remote && !data.isPushed ? (
              <div className="flex flex-wrap items-center gap-2" data-testid="pr-not-pushed">
                <span>
                  <VisibleName name={data.branch} /> is not on {data.remote.name} yet.
                </span>
                <Button size="sm" disabled={props.onPush.isPending} onClick={() => props.onPush.mutate()}>
                  {props.onPush.isPending ? "Pushing…" : "Push it"}
                </Button>
              </div>
            ) : null}
            {props.onPush.error ? <ErrorNotice error={props.onPush.error} /> : null}
            {existing ? (
              <p className="flex items-center gap-2" data-testid="pr-existing">
                <PullRequestBadge pullRequest={existing} />
                <span className="truncate">{existing.title}</span>
              </p>
            ) : null}
            {data.pullRequestError ? (
              <p className="whitespace-pre-wrap text-red-700 dark:text-red-400" data-testid="pr-view-error">
                {data.pullRequestError}
              </p>
            ) : null}
            <div className="space-y-1">
              <label htmlFor={titleId} className="block font-medium">
                Title
              </label>
              <TextInput
                id={titleId}
                value={shownTitle}
                maxLength={256}
                onChange={(event) => edit("title", event.target.value)}
                data-testid="pr-title"
                className="w-full"
              />
            </div>
            <div className="space-y-1">
              <label htmlFor={bodyId} className="block font-medium">
                Description (drafted from the conversation summary and the commits)
              </label>
              <TextArea
                id={bodyId}
                value={shownBody}
                rows={10}
                onChange={(event) => edit("body", event.target.value)}
                data-testid="pr-body"
                className="w-full font-mono"
              />
            </div>
          </>
        ) : null}
        {create.error ? <ErrorNotice error={create.error} testId="pr-create-error" /> : null}
        <div className="flex justify-end gap-2">
          <Button onClick={props.onClose}>Close</Button>
          <Button
            variant="primary"
            disabled={!canCreate}
            data-testid="pr-create"
            onClick={() =>
              data &&
              create.mutate({ base: data.base, title: shownTitle, body: shownBody }, { onSuccess: () => setEdits({}) })
            }
          >
            {create.isPending ? "Opening…" : "Open pull request"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** Where the push went, by the remote branch's full name (it may differ from the local one), and whether it set the upstream. */
function describePush(result: PushResult): string {
  const where = visibleName(`${result.remote}/${result.remoteBranch}`);
  const branch = visibleName(result.branch);
  if (result.isUpToDate) return `${where} already has ${branch} as it is here; nothing new to push.`;
  return result.isUpstreamSet ? `Pushed ${branch} to ${where}, now its upstream.` : `Pushed ${branch} to ${where}.`;
}

/** Longest body sent along in the compare URL (GitHub and browsers refuse very long URLs). */
const COMPARE_BODY_MAX = 4000;

/** GitHub's compare URL with the draft's title and body filled in (its `title` and `body` parameters). */
function withDraft(compareUrl: string, draft: { title: string; body: string }): string {
  const url = new URL(compareUrl);
  if (draft.title.trim() !== "") url.searchParams.set("title", draft.title);
  if (draft.body.trim() !== "") url.searchParams.set("body", draft.body.slice(0, COMPARE_BODY_MAX));
  return url.toString();
}

interface DraftEdits {
  title?: string;
  body?: string;
}

/** The title and body the user edited, from their kept JSON (a field never edited is absent). */
function readDraftEdits(text: string): DraftEdits {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null) return {};
    const { title, body } = value as Record<string, unknown>;
    return { ...(typeof title === "string" ? { title } : {}), ...(typeof body === "string" ? { body } : {}) };
  } catch {
    return {};
  }
}

function hasNoEdits(edits: DraftEdits): boolean {
  return edits.title === undefined && edits.body === undefined;
}
