"use client";

import { useState, type ReactNode } from "react";
import type { PromptReceiptView } from "@/lib/realtime/chat-views.ts";
import { Button } from "@/components/ui/Button.tsx";
import { useRunPrompt } from "@/components/api/ledger-api.ts";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { describeIdRanges, describeLedgerUse, describeSummaryUse, formatChars, shortDigest } from "./format-receipt.ts";
import { ReceiptLedger } from "./ReceiptLedger.tsx";

/**
 * "What Claude was told" under an answer: the prompt's sections and sizes, the summary and the
 * messages it carried, and what was dropped to fit the budget. Rendered only when opened, so
 * the answer's text stays just the answer.
 */
export function ReceiptPanel({
  receipt,
  runId,
  session,
}: {
  receipt: PromptReceiptView;
  runId: string;
  session: { repoId: string; worktreePath?: string };
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [isPromptShown, setPromptShown] = useState(false);
  const prompt = useRunPrompt(runId, isOpen && isPromptShown);
  const hasDropped = receipt.droppedMessageIds.length > 0;
  const hasLedgerLeftOut = receipt.ledger.leftOutCount > 0;
  return (
    <div className="mt-1 text-[11px]">
      <Button
        variant="ghost"
        data-testid="receipt-toggle"
        aria-expanded={isOpen}
        onClick={() => setIsOpen((open) => !open)}
        className="text-zinc-500"
      >
        {isOpen ? "▾" : "▸"} What Claude was told{hasDropped ? " · some messages dropped" : ""}
        {hasLedgerLeftOut ? " · some ledger entries left out" : ""}
      </Button>
      {isOpen ? (
        <dl
          data-testid="receipt-panel"
          className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <Row label="Sections">
            <ul className="flex flex-wrap gap-x-3 gap-y-0.5">
              {receipt.sections.map((section) => (
                <li
                  key={section.name}
                  data-testid="receipt-section"
                  data-name={section.name}
                  data-chars={section.chars}
                >
                  <span className="font-medium">{section.name}</span>{" "}
                  <span className="text-zinc-500">{formatChars(section.chars)}</span>
                </li>
              ))}
            </ul>
          </Row>
          <Row label="Summary used" testId="receipt-summary">
            {describeSummaryUse(receipt)}
          </Row>
          <Row label={`Messages (${receipt.messageIds.length})`} testId="receipt-messages">
            {describeIdRanges(receipt.messageIds)}
          </Row>
          <Row label={`Dropped (${receipt.droppedMessageIds.length})`} testId="receipt-dropped" isWarning={hasDropped}>
            {hasDropped ? `${describeIdRanges(receipt.droppedMessageIds)} — left out to fit the prompt budget` : "none"}
          </Row>
          <Row label="Ledger" testId="receipt-ledger" isWarning={hasLedgerLeftOut}>
            {receipt.isLegacy ? "not recorded (an older receipt)" : describeLedgerUse(receipt.ledger)}
          </Row>
          {receipt.isLegacy ? null : (
            <Row label="Decisions & tasks">
              <ReceiptLedger receipt={receipt} session={session} />
            </Row>
          )}
          {receipt.earlierUserWords.includedIds.length + receipt.earlierUserWords.leftOutCount > 0 ? (
            <Row
              label="Your earlier words"
              testId="receipt-user-words"
              isWarning={receipt.earlierUserWords.leftOutCount > 0}
            >
              {describeIdRanges(receipt.earlierUserWords.includedIds)} verbatim
              {receipt.earlierUserWords.leftOutCount > 0
                ? `; ${receipt.earlierUserWords.leftOutCount} older left out (budget), the summary covers them`
                : ""}
            </Row>
          ) : null}
          <Row label="Scan shortened" testId="receipt-scan-shortened" isWarning={receipt.scanShortened}>
            {receipt.scanShortened ? "yes" : "no"}
          </Row>
          <Row label="Total" testId="receipt-total">
            {formatChars(receipt.totalChars)}
          </Row>
          <Row label="Digest">
            <code data-testid="receipt-digest" title={receipt.digest} className="font-mono">
              {shortDigest(receipt.digest)}
            </code>{" "}
            <Button
              variant="ghost"
              data-testid="receipt-show-prompt"
              aria-expanded={isPromptShown}
              onClick={() => setPromptShown((shown) => !shown)}
            >
              {isPromptShown ? "Hide the prompt" : "Show the prompt"}
            </Button>
          </Row>
        </dl>
      ) : null}
      {isOpen && isPromptShown ? (
        prompt.error ? (
          <ErrorNotice error={prompt.error} testId="receipt-prompt-error" />
        ) : (
          <pre
            data-testid="receipt-prompt"
            className="mt-1 max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-md border border-zinc-200 bg-white p-2 font-mono text-[11px] dark:border-zinc-800 dark:bg-zinc-950"
          >
            {prompt.data?.text ?? "Loading the prompt…"}
          </pre>
        )
      ) : null}
    </div>
  );
}

function Row(props: { label: string; testId?: string; isWarning?: boolean; children: ReactNode }) {
  return (
    <>
      <dt className="text-zinc-500">{props.label}</dt>
      <dd
        data-testid={props.testId}
        data-warning={props.isWarning ?? false}
        className={`min-w-0 break-words ${props.isWarning ? "rounded bg-amber-100 px-1 text-amber-900 dark:bg-amber-950/60 dark:text-amber-200" : ""}`}
      >
        {props.children}
      </dd>
    </>
  );
}
