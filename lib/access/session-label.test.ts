import { describe, expect, it } from "vitest";
import { describeBrowser } from "./session-label.ts";

describe("describeBrowser", () => {
  it("names the browser and the system from a fixed vocabulary", () => {
    expect(
      describeBrowser(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
      ),
    ).toBe("Chromium on Linux");
    expect(describeBrowser("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:140.0) Gecko/20100101 Firefox/140.0")).toBe(
      "Firefox on macOS",
    );
    expect(
      describeBrowser(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iOS");
  });

  it("never repeats what the client wrote", () => {
    expect(describeBrowser("<script>alert(1)</script> Firefox tab")).toBe("A browser");
    expect(describeBrowser(undefined)).toBe("A browser");
  });
});
