import { AppError } from "@/lib/errors/app-error.ts";
import type { BrowserSessions } from "./browser-sessions.ts";
import type { SignInCodes } from "./sign-in-codes.ts";

/** Who may act for the user on this instance: its signed-in browsers, and the sign-in links not yet opened. */
export interface Access {
  sessions: BrowserSessions;
  signInCodes: SignInCodes;
  /** Where this server is reached (`http://127.0.0.1:3000`): sign-in links start with it. */
  baseUrl: string;
  /** Prints a line on the terminal Arbor runs in, the one place a program Arbor starts cannot read. */
  announce(line: string): void;
  /** Closes the WebSockets a signed-out browser still holds. */
  closeBrowserSockets(sessionId: string): void;
}

/** The context's access, set once the server listens (server/main.ts); refused as "still starting" before. */
export function requireAccess(ctx: { access: Access | null }): Access {
  if (!ctx.access) throw new AppError("unavailable", "Arbor is still starting; try again in a moment.");
  return ctx.access;
}
