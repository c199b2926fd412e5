import type { Metadata } from "next";
import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { THEME_COOKIE, parseTheme, themeAttribute } from "@/components/shell/theme.ts";
import { Providers } from "./providers.tsx";
import "./globals.css";

/**
 * Every page is rendered per request, 404s included: each response's Content-Security-Policy
 * carries a fresh nonce (server/http-server.ts) that Next must put on its inline scripts, which a
 * page prerendered at build time cannot have.
 */
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Arbor",
  description: "Chat with Claude Code, one conversation per git worktree.",
  icons: { icon: "/favicon.svg" },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const theme = parseTheme((await cookies()).get(THEME_COOKIE)?.value);
  return (
    <html lang="en" data-theme={themeAttribute(theme)}>
      <body className="h-screen overflow-hidden">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
