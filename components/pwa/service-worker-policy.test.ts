import { describe, expect, it } from "vitest";
import { shouldRegisterServiceWorker } from "./service-worker-policy.ts";

const production = { isProductionBuild: true, isSecureContext: true, protocol: "http:", hasServiceWorker: true };

describe("shouldRegisterServiceWorker", () => {
  it("registers in a production build on localhost over http or on https", () => {
    expect(shouldRegisterServiceWorker(production)).toBe(true);
    expect(shouldRegisterServiceWorker({ ...production, protocol: "https:" })).toBe(true);
  });

  it("does not in a development build, an insecure context, another scheme, or a browser without service workers", () => {
    expect(shouldRegisterServiceWorker({ ...production, isProductionBuild: false })).toBe(false);
    expect(shouldRegisterServiceWorker({ ...production, isSecureContext: false })).toBe(false);
    expect(shouldRegisterServiceWorker({ ...production, protocol: "file:" })).toBe(false);
    expect(shouldRegisterServiceWorker({ ...production, hasServiceWorker: false })).toBe(false);
  });
});
