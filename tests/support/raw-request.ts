import { request } from "node:http";

/**
 * An HTTP request with exactly the headers given (fetch does not let a caller forge `Host`),
 * for attack tests. Resolves with the status and the body text.
 */
export function rawRequest(input: {
  url: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const target = new URL(input.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: input.path,
        method: input.method ?? "GET",
        headers: input.headers,
        setHost: !input.headers?.host,
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
