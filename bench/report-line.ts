/** One figure of a benchmark report: label, value, target and whether it was met, in aligned columns. */
export function reportLine(label: string, value: string, target: string, isMet: boolean): void {
  console.log(`${label.padEnd(44)} ${value.padEnd(34)} target ${target.padEnd(12)} ${isMet ? "ok" : "MISSED"}`);
}
