import { describe, expect, it } from "vitest";
import { createThrottle, estimateEtaSeconds, formatBytes, formatEta } from "./history-import-progress.ts";

describe("import progress", () => {
  it("extrapolates the time left from the rate so far, once there is one", () => {
    expect(estimateEtaSeconds({ bytesDone: 0, bytesTotal: 100, elapsedMs: 5000 })).toBeNull();
    expect(estimateEtaSeconds({ bytesDone: 50, bytesTotal: 100, elapsedMs: 100 })).toBeNull();
    expect(estimateEtaSeconds({ bytesDone: 25, bytesTotal: 100, elapsedMs: 10_000 })).toBe(30);
    expect(estimateEtaSeconds({ bytesDone: 100, bytesTotal: 100, elapsedMs: 10_000 })).toBe(0);
  });

  it("lets through at most one progress message per interval", () => {
    const isDue = createThrottle(250);
    expect([0, 100, 249, 250, 300, 600].map((at) => isDue(at))).toEqual([true, false, false, true, false, true]);
  });

  it("formats sizes and durations", () => {
    expect(formatBytes(800)).toBe("800 B");
    expect(formatBytes(12_345)).toBe("12.3 KB");
    expect(formatBytes(340_000_000)).toBe("340 MB");
    expect(formatBytes(1_200_000_000)).toBe("1.2 GB");
    expect(formatEta(45)).toBe("45 s");
    expect(formatEta(185)).toBe("3 min 05 s");
    expect(formatEta(3720)).toBe("1 h 02 min");
  });
});
