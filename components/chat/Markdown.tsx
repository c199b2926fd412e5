"use client";

import { memo, type ComponentProps } from "react";
import ReactMarkdown, { defaultUrlTransform, type Components, type UrlTransform } from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import remarkGfm from "remark-gfm";
import { CodeBlock } from "./CodeBlock.tsx";
import { classifyImageSource } from "./image-source.ts";
import { RemoteImage } from "./RemoteImage.tsx";

/** Images may also be data:image/… and blob: URLs (react-markdown drops both by default); links stay as they were. */
const urlTransform: UrlTransform = (url, key, node) =>
  key === "src" && node.tagName === "img" && /^(data:image\/|blob:)/i.test(url.trim()) ? url : defaultUrlTransform(url);

function MarkdownImage({ node: _node, src, alt }: ComponentProps<"img"> & { node?: unknown }) {
  const source = classifyImageSource({
    src: typeof src === "string" ? src : "",
    pageOrigin: typeof window === "undefined" ? null : window.location.origin,
  });
  if (source.kind === "remote") return <RemoteImage href={source.href} host={source.host} alt={alt ?? ""} />;
  if (source.kind === "unsupported") return alt ? <span>{alt}</span> : null;
  return <img src={source.src} alt={alt ?? ""} className="max-w-full" />;
}

const components: Components = {
  pre: CodeBlock,
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noreferrer noopener" />,
  img: MarkdownImage,
};

/**
 * Claude's Markdown: GFM tables and task lists, highlighted code. Raw HTML is not rendered, and
 * remote images are not fetched (a placeholder opens them on request).
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown" data-testid="markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[[rehypeHighlight, { detect: false }]]}
        components={components}
        urlTransform={urlTransform}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
});
