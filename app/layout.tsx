import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Providers } from "./providers.tsx";
import "./globals.css";

export const metadata: Metadata = {
  title: "Arbor",
  description: "Chat with Claude Code, one conversation per git worktree.",
  icons: { icon: "/favicon.svg" },
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="h-screen overflow-hidden">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
