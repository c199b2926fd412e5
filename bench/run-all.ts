// npm run bench – every benchmark, each against a baseline measured in the same run.
// npm run bench -- --db postgresql – the database-bound paths on PostgreSQL, as ratios against SQLite.
// Prints figures and target checks; never fails the test suite.
import { runApprovalsBench } from "./approvals-bench.ts";
import { runAttentionBench } from "./attention-bench.ts";
import { runBrowserScrollBench, type ScrollFigures } from "./browser-scroll-bench.ts";
import { runChangesBench } from "./changes-bench.ts";
import { runDiffPaintBench } from "./diff-paint-bench.ts";
import { runChatBench } from "./chat-bench.ts";
import { runMemoryBench } from "./memory-bench.ts";
import { runDesignBench } from "./design-bench.ts";
import { runHooksBench } from "./hooks-bench.ts";
import { reportGateBench, runGateBench } from "./gate-bench.ts";
import { runLandCheckBench } from "./land-check-bench.ts";
import { runMergeOrderBench } from "./merge-order-bench.ts";
import { runImportBench } from "./import-bench.ts";
import { runLogsBench } from "./logs-bench.ts";
import { reportPostgresBench, runPostgresBench } from "./postgres-bench.ts";
import { runScanBench } from "./scan-bench.ts";
import { reportStartBench, runStartBench } from "./start-bench.ts";
import { reportLine } from "./report-line.ts";
import { round } from "./stats.ts";

const line = reportLine;

const dbIndex = process.argv.indexOf("--db");
const db = dbIndex >= 0 ? process.argv[dbIndex + 1] : undefined;
if (db !== undefined && db !== "postgresql")
  throw new Error(`--db ${db}: only postgresql is compared (SQLite is the baseline)`);
if (db === "postgresql") {
  reportPostgresBench(await runPostgresBench());
  process.exit(0);
}

const scan = await runScanBench();
console.log(
  `\nWorktree scan (${scan.worktreeCount} worktrees, a third dirty, concurrency ${scan.concurrency}, ${scan.iterations} runs)`,
);
line(
  "  scanRepoWorktrees median vs raw git median",
  `${round(scan.scanMedianMs)} ms vs ${round(scan.rawMedianMs)} ms`,
  "",
  true,
);
line("  ratio", String(round(scan.ratio, 3)), "<= 1.5", scan.ratio <= 1.5);

const changes = await runChangesBench();
console.log(
  `\nChanges tab and run checkpoints (list: ${changes.listFiles} changed files; checkpoints: ${changes.checkpointFiles} files, ${changes.checkpointChanged} changed)`,
);
line(
  "  changes list median vs raw status + numstat",
  `${changes.listMedianMs} ms vs ${changes.listRawMedianMs} ms`,
  "",
  true,
);
line("  ratio", String(changes.listRatio), "<= 1.3", changes.listRatio <= 1.3);
line(
  "  checkpoints per run (start + end) median",
  `${changes.checkpointRunMedianMs} ms vs ${changes.checkpointRawMedianMs} ms bare`,
  "<= 50 ms",
  changes.checkpointRunMedianMs <= 50,
);
line(
  "  ratio (vs add -A + write-tree on a temporary index)",
  String(changes.checkpointRatio),
  "<= 1.5",
  changes.checkpointRatio <= 1.5,
);
line("  floor: write-tree of the index alone, twice", `${changes.writeTreeOnlyMedianMs} ms`, "", true);

const paint = await runDiffPaintBench();
for (const figures of [paint.lines, paint.large]) {
  const size = `${figures.diffLines}-line (${round(figures.fileBytes / 1024 / 1024, 1)} MB)`;
  console.log(`\nOpening a ${size} diff in the Changes tab (Chromium, Playwright; virtual list)`);
  line("  click → first diff line drawn", `${figures.firstPaintMs} ms`, "", true);
  line(
    "  longest main-thread task while opening",
    `${figures.openLongestTaskMs} ms`,
    "< 200 ms",
    figures.openLongestTaskMs < 200,
  );
  line(
    "  scroll to the last line: total / longest task",
    `${figures.toEndMs} ms / ${figures.toEndLongestTaskMs} ms`,
    "< 100 ms",
    figures.toEndLongestTaskMs < 100,
  );
}

const attention = await runAttentionBench();
console.log(
  `\nAttention view (${attention.worktrees} worktrees in ${attention.repos} repositories; Chromium; baseline = nothing else running)`,
);
const phase = (name: string, figures: typeof attention.quiet) =>
  line(
    `  ${name}: state change → shown p50 / p95`,
    `${figures.p50Ms} / ${figures.p95Ms} ms (${figures.shown} shown, ${figures.coalesced} coalesced)`,
    "",
    true,
  );
phase("baseline", attention.quiet);
phase(`${attention.streaming} streaming`, attention.streamingPhase);
line(
  "  p95 ratio (streaming / baseline)",
  String(round(attention.streamingPhase.p95Ms / Math.max(1, attention.quiet.p95Ms), 2)),
  "<= 3",
  attention.streamingPhase.p95Ms <= 3 * Math.max(1, attention.quiet.p95Ms),
);
line(
  "  longest main-thread task: baseline / streaming",
  `${attention.quiet.longestTaskMs} / ${attention.streamingPhase.longestTaskMs} ms`,
  "< 200 ms",
  attention.streamingPhase.longestTaskMs < 200,
);

const scroll = await runBrowserScrollBench();
console.log(
  `\nThe browser under load (Chromium, 1440×900; each list loaded whole, then scrolled top to bottom in ${scroll.chat.frames} frames; baseline = the same step per frame over ${scroll.chatBaseline.rows} rows)`,
);
const scrolled = (name: string, big: ScrollFigures, small: ScrollFigures) => {
  line(
    `  ${name} (${big.rows} rows, ${big.stepPx} px/frame): fps`,
    `${big.fps} vs ${small.fps} baseline (ratio ${round(big.fps / small.fps, 2)})`,
    ">= 55",
    big.fps >= 55,
  );
  line(
    `  ${name}: longest task / longest frame`,
    `${big.longestTaskMs} / ${big.longestFrameMs} ms (baseline ${small.longestTaskMs} / ${small.longestFrameMs} ms)`,
    "< 50 ms",
    big.longestTaskMs < 50,
  );
  line(
    `  ${name}: most rows in the DOM`,
    `${big.maxDomRows} (baseline ${small.maxDomRows})`,
    "< 100",
    big.maxDomRows < 100,
  );
};
scrolled("chat", scroll.chat, scroll.chatBaseline);
scrolled("timeline", scroll.timeline, scroll.timelineBaseline);
line(
  "  open chat's rows rendered while another chat streamed",
  String(scroll.otherChatRowRenders),
  "0",
  scroll.otherChatRowRenders === 0,
);
line(
  "  stored rows rendered while the open chat streamed",
  `${scroll.sameChatStoredRowRenders} (the streaming row: ${scroll.streamingRowRenders})`,
  "0",
  scroll.sameChatStoredRowRenders === 0,
);

const approvals = await runApprovalsBench();
console.log(
  `\nTime to first token and approval relay (${approvals.sends} rounds; bare = claude -p with the same prompt)`,
);
line(
  "  bare / warm Arbor / cold Arbor (median)",
  `${approvals.bareMedianMs} / ${approvals.warmMedianMs} / ${approvals.coldMedianMs} ms`,
  "",
  true,
);
line("  warm ratio (Arbor with a warm CLI / bare)", String(approvals.warmRatio), "<= 0.7", approvals.warmRatio <= 0.7);
line(
  "  cold ratio (Arbor, CLI started at send / bare)",
  String(approvals.coldRatio),
  "<= 1.05",
  approvals.coldRatio <= 1.05,
);
line(
  "  Arbor's added ms, cold (p50 of paired differences)",
  `${approvals.coldAddedMsP50} ms`,
  "<= 15 ms",
  approvals.coldAddedMsP50 <= 15,
);
line(
  "  approval card relay p50 / p95",
  `${approvals.cardRelayP50Ms} / ${approvals.cardRelayP95Ms} ms`,
  "p50 <= 10 ms",
  approvals.cardRelayP50Ms <= 10,
);
line(
  "  approval answer relay p50 / p95",
  `${approvals.answerRelayP50Ms} / ${approvals.answerRelayP95Ms} ms`,
  "p50 <= 10 ms",
  approvals.answerRelayP50Ms <= 10,
);

const chat = await runChatBench();
console.log(`\nChat send (${chat.sends} sends through Arbor vs the same claude -p run directly, same mock)`);
line(
  "  POST /api/chat/send median vs direct median",
  `${chat.arborMedianMs} ms vs ${chat.directMedianMs} ms`,
  "",
  true,
);
line("  ratio", String(chat.ratio), "<= 1.15", chat.ratio <= 1.15);
line("  Arbor's added ms (p50 of paired differences)", `${chat.addedMsP50} ms`, "", true);
line(
  `  relay latency over ${chat.relayDeltas} deltas p50 / p99`,
  `${chat.relayP50Ms} ms / ${chat.relayP99Ms} ms`,
  "p50 < 5 ms",
  chat.relayP50Ms < 5,
);

const memory = await runMemoryBench();
console.log(
  `\nConversation memory (10,000 messages and ${memory.ledgerLarge} ledger entries vs 100 and ${memory.ledgerSmall}, same database and run)`,
);
line("  open chat (first page) median", `${memory.openLargeMs} ms vs ${memory.openSmallMs} ms`, "", true);
line("  ratio", String(memory.openRatio), "<= 1.5", memory.openRatio <= 1.5);
line(
  "  prompt assembly (load + assemble) median",
  `${memory.assembleLargeMs} ms vs ${memory.assembleSmallMs} ms`,
  "",
  true,
);
line("  ratio", String(memory.assembleRatio), "<= 1.2", memory.assembleRatio <= 1.2);
line(
  "  assemble alone (pure) median",
  `${memory.pureLargeMs} ms vs ${memory.pureSmallMs} ms (ratio ${memory.pureRatio})`,
  "",
  true,
);
line("  ledger entries carried in the large prompt", `${memory.ledgerCarriedLarge} of ${memory.ledgerLarge}`, "", true);

const hooks = await runHooksBench();
console.log(
  "\nHook capture (Arbor's hook as installed vs a no-op `true` hook, both run through /bin/sh with the payload on stdin)",
);
line("  fast path (tool events) p50 / p99", `${hooks.hookP50Ms} ms / ${hooks.hookP99Ms} ms`, "", true);
line("  no-op hook p50 / p99", `${hooks.noopP50Ms} ms / ${hooks.noopP99Ms} ms`, "", true);
line("  added at p50", `${hooks.addedP50Ms} ms`, "< 20 ms", hooks.addedP50Ms < 20);
line(
  "  sync path (policy events, waits for Arbor) p50 / p99",
  `${hooks.syncHookP50Ms} ms / ${hooks.syncHookP99Ms} ms`,
  "",
  true,
);
line(
  `  ingest, ${hooks.ingestSenders} senders for ${hooks.ingestSeconds} s (sender on this machine)`,
  `${hooks.ingestEventsPerSecond} events/s, ${hooks.ingestLost} lost of ${hooks.ingestSent}`,
  ">= 5000/s, 0",
  hooks.ingestEventsPerSecond >= 5000 && hooks.ingestLost === 0,
);
line(
  "  server CPU per event vs bare SQLite inserts in one transaction (the limit)",
  `${hooks.ingestServerCpuMicrosPerEvent} µs vs ${hooks.bareInsertMicrosPerEvent} µs (${hooks.bareInsertEventsPerSecond} inserts/s)`,
  "",
  true,
);
line(
  "  last relay from 2 MB vs 200 MB transcript",
  `${hooks.relaySmallMs} ms vs ${hooks.relayLargeMs} ms (ratio ${hooks.relayRatio})`,
  "< 20 ms",
  hooks.relayLargeMs < 20 && hooks.relaySmallMs < 20,
);

const history = await runImportBench();
console.log(
  `\nHistory import (${history.files} session files, ${history.megabytes} MB, subagents, cut and non-UTF-8 lines; through POST /api/hooks/import)`,
);
line(
  "  import vs bare streaming read + JSON.parse",
  `${history.importMBps} vs ${history.baselineMBps} MB/s (${history.importSeconds} s vs ${history.baselineSeconds} s)`,
  "",
  true,
);
line("  ratio", String(history.ratio), ">= 0.5", history.ratio >= 0.5);
line(
  "  server RSS peak growth",
  `${history.rssPeakGrowthMB} MB (from ${history.rssBeforeMB} MB)`,
  "< 100 MB",
  history.rssPeakGrowthMB < 100,
);
line("  relays / malformed lines", `${history.relays} / ${history.malformedLines}`, "", true);
line(
  "  re-import unchanged vs one fs.stat per file",
  `${history.reimportMs} ms vs ${history.statBaselineMs} ms (${history.reimportUnchanged} skipped, ${history.reimportBytesRead} B read)`,
  "only stats",
  history.reimportUnchanged === history.files && history.reimportBytesRead < 4 * 1024 * 1024,
);
line(
  "  kill -9 mid-import, restart, import: relays",
  `${history.resumedRelays} (${history.resumedDistinct} distinct; clean ${history.relays}; killed at ${history.resumeKilledAtMB} MB)`,
  "= clean",
  history.resumedRelays === history.relays && history.resumedDistinct === history.relays,
);

const logs = await runLogsBench();
console.log(
  `\nLogs at size (${logs.events.toLocaleString("en")} hook events across ${logs.sessions} sessions; server time over localhost HTTP)`,
);
const logsLine = (label: string, p95: number) => line(`  ${label} p95`, `${p95} ms`, "<= 100 ms", p95 <= 100);
logsLine("first view (sessions + newest events)", logs.firstViewP95Ms);
logsLine("filter by event type", logs.filterByTypeP95Ms);
logsLine("full-text search", logs.searchP95Ms);
logsLine("open one session", logs.openSessionP95Ms);
line("  bare SQLite newest 100 rows p95 (baseline)", `${logs.bareFirstViewP95Ms} ms`, "", true);
line(
  "  database bytes per event (raw payload, baseline)",
  `${logs.bytesPerEvent} B (${logs.payloadBytesPerEvent} B, ${round(logs.bytesPerEvent / logs.payloadBytesPerEvent, 2)}x)`,
  "bounded, printed",
  true,
);
line(
  "  write-ahead log beside it (not per event)",
  `${round(logs.walBytes / 1024 / 1024, 1)} MB`,
  "<= 64 MB + a batch",
  logs.walBytes <= 72 * 1024 * 1024,
);
line(
  "  payload bytes per event stored vs raw JSON",
  `${logs.storedPayloadBytesPerEvent} B vs ${logs.payloadBytesPerEvent} B`,
  "<= 0.5x raw",
  logs.storedPayloadBytesPerEvent <= logs.payloadBytesPerEvent / 2,
);
for (const { part, bytesPerEvent } of logs.breakdown) line(`    ${part}`, `${bytesPerEvent} B`, "", true);

const design = await runDesignBench();
console.log(
  `\nDesign tree (${design.branchCount} branches, ${design.designNodeCount}-node design, same repository's scan as baseline)`,
);
line(
  "  divergence + layout median vs scan median",
  `${round(design.pureMedianMs)} ms vs ${round(design.scanMedianMs)} ms`,
  "",
  true,
);
line(
  "  ratio",
  String(round(design.pureMedianMs / design.scanMedianMs, 3)),
  "<= 0.2",
  design.pureMedianMs / design.scanMedianMs <= 0.2,
);
line("  reading branch facts from git (2 processes) median", `${round(design.readFactsMedianMs)} ms`, "", true);

const landCheck = await runLandCheckBench();
console.log(
  `\nLanding pre-check (${landCheck.branchCount} branches, ${landCheck.fileCount} files, ${landCheck.conflictingFiles} conflicting; baseline = raw git merge-tree --write-tree of the same pair)`,
);
line(
  "  conflict pre-check median vs raw merge-tree",
  `${landCheck.checkMedianMs} ms vs ${landCheck.rawMedianMs} ms`,
  "",
  true,
);
line("  ratio", String(landCheck.ratio), "<= 1.2", landCheck.ratio <= 1.2);
line(
  "  inside: merge-tree via runGitCommand / one status",
  `${landCheck.wrappedMedianMs} ms / ${landCheck.statusMedianMs} ms`,
  "",
  true,
);
line("  with the blockers (both statuses), as landing", `${landCheck.fullMedianMs} ms`, "", true);

reportGateBench(await runGateBench());

reportStartBench(await runStartBench());

const mergeOrder = await runMergeOrderBench();
console.log(
  `\nMerge order (${mergeOrder.planBranches}-branch plan, ${mergeOrder.worktrees} worktrees, ${mergeOrder.fileCount} files; baseline = one full scan of the same repository)`,
);
line(
  "  first read (no kept verdicts) vs scan median",
  `${mergeOrder.coldMedianMs} ms vs ${mergeOrder.scanMedianMs} ms`,
  "",
  true,
);
line(
  "  inside: pairs merged / merge-tree processes",
  `${mergeOrder.mergedPairs} / ${mergeOrder.mergeProcesses}`,
  "",
  true,
);
line("  share of a scan (first read)", `${round(mergeOrder.coldRatio * 100, 1)}%`, "< 10%", mergeOrder.coldRatio < 0.1);
line(
  "  rescan, branches unchanged vs scan median",
  `${mergeOrder.orderMedianMs} ms vs ${mergeOrder.scanMedianMs} ms`,
  "",
  true,
);
line("  share of a scan (rescan)", `${round(mergeOrder.ratio * 100, 1)}%`, "< 10%", mergeOrder.ratio < 0.1);
