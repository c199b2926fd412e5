/** Where Arbor's service worker (public/sw.js) lives; its scope is the whole app. */
export const SERVICE_WORKER_URL = "/sw.js";

/**
 * Whether this page registers the service worker: only a production build (a development build's
 * files change under the same names, and a cached shell would hide the change), and only where the
 * browser allows service workers at all: a secure context over http(s), which includes
 * http://localhost and http://127.0.0.1.
 */
export function shouldRegisterServiceWorker(input: {
  isProductionBuild: boolean;
  isSecureContext: boolean;
  protocol: string;
  hasServiceWorker: boolean;
}): boolean {
  return (
    input.isProductionBuild &&
    input.hasServiceWorker &&
    input.isSecureContext &&
    (input.protocol === "http:" || input.protocol === "https:")
  );
}
