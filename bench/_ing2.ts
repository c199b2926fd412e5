import { runIngestBench, measureBareSqliteInserts } from "@/bench/hooks-bench.ts";
const r = await runIngestBench({ seconds: 30 });
const b = await measureBareSqliteInserts(r.stored);
console.log(JSON.stringify({ ...r, bare: b }));
