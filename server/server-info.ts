/** The address a browser on this machine opens: a wildcard bind is reached through 127.0.0.1. */
export function localServerUrl(input: { host: string; port: number }): string {
  const host = input.host === "0.0.0.0" || input.host === "::" ? "127.0.0.1" : input.host;
  return `http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${input.port}`;
}
