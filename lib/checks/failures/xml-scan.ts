/** One XML tag as the scanner read it; `end` is the index just past its `>`. */
export interface XmlTag {
  name: string;
  attributes: Map<string, string>;
  isClosing: boolean;
  isSelfClosing: boolean;
  end: number;
}

const NAME_CHAR = /[A-Za-z0-9_:.-]/;
const SPACE = /\s/;
const ENTITY = /&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|lt|gt|amp|quot|apos);/g;
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/**
 * Reads the tag that opens at `start` (a `<`), one character at a time: quoted attribute values
 * may hold `>`, and a tag cut off by `limit` (the text's end or its element's) is null. Never reads
 * past `limit`, so a broken tag costs its own length only. Tolerant, linear, pure.
 */
export function readTag(text: string, start: number, limit = text.length): XmlTag | null {
  let index = start + 1;
  const isClosing = text[index] === "/";
  if (isClosing) index += 1;
  const nameStart = index;
  while (index < limit && NAME_CHAR.test(text[index]!)) index += 1;
  const name = text.slice(nameStart, index);
  const attributes = new Map<string, string>();
  while (index < limit) {
    const char = text[index]!;
    if (char === ">") return { name, attributes, isClosing, isSelfClosing: text[index - 1] === "/", end: index + 1 };
    if (!NAME_CHAR.test(char)) {
      index += 1;
      continue;
    }
    const keyStart = index;
    while (index < limit && NAME_CHAR.test(text[index]!)) index += 1;
    const key = text.slice(keyStart, index);
    while (index < limit && SPACE.test(text[index]!)) index += 1;
    if (text[index] !== "=") continue;
    index += 1;
    while (index < limit && SPACE.test(text[index]!)) index += 1;
    const quote = text[index];
    if (quote !== '"' && quote !== "'") continue;
    let close = index + 1;
    while (close < limit && text[close] !== quote) close += 1;
    if (close >= limit) return null;
    attributes.set(key, decodeEntities(text.slice(index + 1, close)));
    index = close + 1;
  }
  return null;
}

/** An element's text content: CDATA kept as it is, entities decoded elsewhere. */
export function readXmlText(raw: string): string {
  let text = "";
  let index = 0;
  while (index < raw.length) {
    const cdata = raw.indexOf("<![CDATA[", index);
    if (cdata === -1) break;
    const close = raw.indexOf("]]>", cdata + 9);
    text += decodeEntities(raw.slice(index, cdata)) + raw.slice(cdata + 9, close === -1 ? raw.length : close);
    index = close === -1 ? raw.length : close + 3;
  }
  return text + decodeEntities(raw.slice(index));
}

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (entity, body: string) => {
    if (!body.startsWith("#")) return NAMED[body] ?? entity;
    const code = body[1] === "x" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}
