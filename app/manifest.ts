import type { MetadataRoute } from "next";

/** The web app manifest (/manifest.webmanifest): Arbor installs as a standalone app that opens on the attention view. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/",
    name: "Arbor",
    short_name: "Arbor",
    description: "Chat with Claude Code, one conversation per git worktree.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#fafafa",
    theme_color: "#065f46",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  };
}
