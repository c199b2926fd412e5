import { request } from "node:http";

/**
 * An HTTP request with exactly the headers given (fetch does not let a caller forge `Host`),
 * for attack tests; with `token`, also the access token as `Authorization: Bearer` (a test that
 * attacks something else than authentication). Resolves with the status, headers and body text.
 */
export function rawRequest(input: {
  url: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  token?: string;
  body?: string | Buffer;
}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const target = new URL(input.url);
  const headers = input.token ? { authorization: `Bearer ${input.token}`, ...input.headers } : input.headers;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: input.path,
        method: input.method ?? "GET",
        headers,
        setHost: !headers?.host,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    req.on("error", reject);
    if (input.body !== undefined) req.write(input.body);
    req.end();
  });
}
