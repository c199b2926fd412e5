import { describe, expect, it } from "vitest";
import { classifyImageSource } from "./image-source.ts";

const pageOrigin = "http://127.0.0.1:3000";

describe("classifyImageSource", () => {
  it.each([
    ["https://tracker.example/pixel.png?id=1", "tracker.example"],
    ["http://evil.example:8080/a.gif", "evil.example:8080"],
    ["//cdn.example/x.png", "cdn.example"],
    ["HTTPS://Upper.Example/x.png", "upper.example"],
    ["http://127.0.0.1:4000/other-port.png", "127.0.0.1:4000"],
  ])("a remote image (%s) becomes a placeholder naming %s", (src, host) => {
    expect(classifyImageSource({ src, pageOrigin })).toMatchObject({ kind: "remote", host });
  });

  it.each(["data:image/png;base64,iVBORw0KGgo=", "blob:http://127.0.0.1:3000/0b7c", "/favicon.svg", "diagram.png"])(
    "an image from Arbor itself or data:/blob: (%s) renders inline",
    (src) => {
      expect(classifyImageSource({ src, pageOrigin })).toEqual({ kind: "inline", src });
    },
  );

  it("renders Arbor's own origin written out inline, and other schemes not at all", () => {
    expect(classifyImageSource({ src: "http://127.0.0.1:3000/favicon.svg", pageOrigin }).kind).toBe("inline");
    expect(classifyImageSource({ src: "http://127.0.0.1:3000/favicon.svg", pageOrigin: null }).kind).toBe("remote");
    for (const src of ["file:///etc/passwd", "javascript:alert(1)", "", "data:text/html,<b>x</b>"]) {
      expect(classifyImageSource({ src, pageOrigin }).kind, src).toBe("unsupported");
    }
  });
});
