// npm run bench:changes – the Changes list and run checkpoint benchmarks alone (see changes-bench.ts).
import { runChangesBench } from "./changes-bench.ts";

const result = await runChangesBench();
const check = (isMet: boolean) => (isMet ? "ok" : "MISSED");
console.log(
  `changes list (${result.listFiles} files): ${result.listMedianMs} ms vs raw status + numstat ${result.listRawMedianMs} ms, ratio ${result.listRatio} (<= 1.3 ${check(result.listRatio <= 1.3)})`,
);
console.log(
  `checkpoints per run (${result.checkpointFiles} files, ${result.checkpointChanged} changed): ${result.checkpointRunMedianMs} ms (<= 50 ms ${check(result.checkpointRunMedianMs <= 50)}) vs bare add -A + write-tree ${result.checkpointRawMedianMs} ms, ratio ${result.checkpointRatio} (<= 1.5 ${check(result.checkpointRatio <= 1.5)}); write-tree alone ${result.writeTreeOnlyMedianMs} ms`,
);
