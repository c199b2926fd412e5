import { rawRequest } from "./raw-request.ts";
import type { RunningArbor } from "./start-arbor.ts";

/**
 * Opens the server's printed sign-in link the way a browser does (no Origin, no cookie) and
 * returns what it answered: the `Set-Cookie` header, the `Cookie` header a browser then sends,
 * and where it redirected.
 */
export async function openSignInLink(
  arbor: RunningArbor,
  path = `/?token=${encodeURIComponent(arbor.token)}`,
): Promise<{ status: number; setCookie: string; cookie: string; location: string | undefined }> {
  const response = await rawRequest({ url: arbor.url, path, headers: { host: `127.0.0.1:${arbor.port}` } });
  const header = response.headers["set-cookie"];
  const setCookie = (Array.isArray(header) ? header[0] : header) ?? "";
  const location = response.headers.location;
  return {
    status: response.status,
    setCookie,
    cookie: setCookie.split(";")[0] ?? "",
    location: Array.isArray(location) ? location[0] : location,
  };
}
