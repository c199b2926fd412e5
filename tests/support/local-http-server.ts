import http from "node:http";
import type { AddressInfo } from "node:net";

/** A throwaway HTTP server on 127.0.0.1 for a test of code that calls fetch; `close` also drops open connections. */
export async function startLocalHttpServer(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
