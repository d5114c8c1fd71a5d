/**
 * A small streaming XML tokenizer for the parts of an .xlsx (SpreadsheetML), fed the part's text
 * chunk by chunk as it is inflated. It knows only what those parts use: elements (names without
 * their namespace prefix), attributes, text, CDATA; comments, processing instructions and a
 * DOCTYPE are skipped — entities are never declared or expanded beyond XML's five and numeric
 * references, so a hostile part cannot grow. Text is handed over only when the handler asks for
 * it, so the bulk of a sheet (tags) costs no copies. Anything a chunk leaves unfinished waits
 * for the next chunk; an unfinished tag longer than {@link MAX_PENDING} is refused as broken.
 */
export interface XmlHandler {
  /** Whether the text from here to the next tag is wanted ({@link XmlHandler.text} is called). */
  wantText: boolean;
  /** An element opened: its local name; its attributes are read from `src` between `from` and `to` ({@link attrsOf}). */
  open(name: string, src: string, from: number, to: number, selfClosing: boolean): void;
  close(name: string): void;
  /** Text as written (entities not yet decoded: {@link decodeXml}); one node may come in several pieces. */
  text(raw: string): void;
}

/** Longest unfinished markup kept across chunks (a real tag is far shorter; a broken part is refused, not buffered). */
const MAX_PENDING = 1 << 20;

const LT = 60;
const GT = 62;
const SLASH = 47;
const BANG = 33;
const QUESTION = 63;
const QUOT = 34;
const APOS = 39;
const AMP = "&";

export class XmlScanner {
  private pending = "";
  /** Set by a handler to stop reading (the rest of the part is of no interest). */
  stopped = false;

  constructor(private readonly handler: XmlHandler) {}

  /** Scans a chunk of the part's text. */
  write(chunk: string): void {
    const s = this.pending.length > 0 ? this.pending + chunk : chunk;
    this.pending = "";
    const h = this.handler;
    const n = s.length;
    let i = 0;
    while (i < n && !this.stopped) {
      if (s.charCodeAt(i) !== LT) {
        const lt = s.indexOf("<", i);
        if (lt < 0) {
          if (h.wantText) this.partialText(s, i);
          return;
        }
        if (h.wantText) h.text(s.slice(i, lt));
        i = lt;
      }
      if (i + 1 >= n) {
        this.keep(s, i);
        return;
      }
      const next = s.charCodeAt(i + 1);
      if (next === SLASH) {
        const gt = s.indexOf(">", i);
        if (gt < 0) {
          this.keep(s, i);
          return;
        }
        h.close(localName(s, i + 2, gt));
        i = gt + 1;
      } else if (next === QUESTION) {
        const end = s.indexOf("?>", i + 2);
        if (end < 0) {
          this.keep(s, i);
          return;
        }
        i = end + 2;
      } else if (next === BANG) {
        const end = this.special(s, i);
        if (end < 0) {
          this.keep(s, i);
          return;
        }
        i = end;
      } else {
        // A start tag ends at the first '>' outside a quoted attribute value.
        let j = i + 1;
        let quote = 0;
        for (; j < n; j++) {
          const c = s.charCodeAt(j);
          if (quote !== 0) {
            if (c === quote) quote = 0;
          } else if (c === QUOT || c === APOS) quote = c;
          else if (c === GT) break;
        }
        if (j >= n) {
          this.keep(s, i);
          return;
        }
        const selfClosing = s.charCodeAt(j - 1) === SLASH;
        h.open(localName(s, i + 1, selfClosing ? j - 1 : j), s, i + 1, selfClosing ? j - 1 : j, selfClosing);
        if (selfClosing && !this.stopped) h.close(localName(s, i + 1, j - 1));
        i = j + 1;
      }
    }
  }

  /** The end of the part: markup left unfinished means the part is cut. */
  end(): void {
    if (this.pending.length > 0 && !this.stopped) throw new Error("XML part ends inside markup");
  }

  /** Comment, CDATA or DOCTYPE at `i`: the index after it, or -1 when the chunk ends first. */
  private special(s: string, i: number): number {
    if (s.startsWith("<!--", i)) {
      const end = s.indexOf("-->", i + 4);
      return end < 0 ? -1 : end + 3;
    }
    if (s.startsWith("<![CDATA[", i)) {
      const end = s.indexOf("]]>", i + 9);
      if (end < 0) return -1;
      // CDATA is text as written: escape its ampersands so the handler's decoding leaves them be.
      if (this.handler.wantText) this.handler.text(s.slice(i + 9, end).replaceAll(AMP, "&amp;"));
      return end + 3;
    }
    if (s.length - i < 9) return -1; // too short yet to tell a CDATA or comment start apart
    // A DOCTYPE (never in a part Excel writes): skipped, its internal subset included, nothing declared.
    const bracket = s.indexOf("[", i);
    const gt = s.indexOf(">", i);
    if (gt < 0) return -1;
    if (bracket >= 0 && bracket < gt) {
      const end = s.indexOf("]>", bracket);
      return end < 0 ? -1 : end + 2;
    }
    return gt + 1;
  }

  /** Text running past the chunk: handed over now, but an entity reference cut by the chunk waits whole. */
  private partialText(s: string, from: number): void {
    const amp = s.lastIndexOf(AMP);
    const cut = amp >= from && s.indexOf(";", amp) < 0 && s.length - amp <= 12 ? amp : s.length;
    if (cut > from) this.handler.text(s.slice(from, cut));
    if (cut < s.length) this.pending = s.slice(cut);
  }

  private keep(s: string, from: number): void {
    if (s.length - from > MAX_PENDING) throw new Error("XML markup too long");
    this.pending = s.slice(from);
  }
}

/** The element name between `from` and `to` (up to the first space), without its namespace prefix. */
function localName(s: string, from: number, to: number): string {
  let end = from;
  while (end < to) {
    const c = s.charCodeAt(end);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === SLASH || c === GT) break;
    end++;
  }
  const colon = s.indexOf(":", from);
  return s.slice(colon >= 0 && colon < end ? colon + 1 : from, end);
}

/**
 * Calls `each` with every attribute of the tag between `from` and `to` (as {@link XmlHandler.open}
 * gives them): its name as written (prefix included) and its value decoded.
 */
export function attrsOf(s: string, from: number, to: number, each: (name: string, value: string) => void): void {
  let i = from;
  // Skip the element name.
  while (i < to && !isSpace(s.charCodeAt(i))) i++;
  while (i < to) {
    while (i < to && isSpace(s.charCodeAt(i))) i++;
    const nameStart = i;
    while (i < to && s.charCodeAt(i) !== 61 /* = */ && !isSpace(s.charCodeAt(i))) i++;
    const name = s.slice(nameStart, i);
    while (i < to && isSpace(s.charCodeAt(i))) i++;
    if (i >= to || s.charCodeAt(i) !== 61) return;
    i++;
    while (i < to && isSpace(s.charCodeAt(i))) i++;
    const quote = s.charCodeAt(i);
    if (quote !== QUOT && quote !== APOS) return;
    const end = s.indexOf(quote === QUOT ? '"' : "'", i + 1);
    if (end < 0 || end > to) return;
    each(name, decodeXml(s.slice(i + 1, end)));
    i = end + 1;
  }
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/**
 * A copy of a value cut from a chunk, holding nothing else: V8 keeps a slice of 13 characters or
 * more as a view of the string it was cut from, so one kept cell (a VIN in the import's
 * seen-set, a rejected row's cells) would keep its whole chunk of the sheet (~300 KB) alive —
 * 78 MB still held after reading the 100,000-row bench file with its VINs kept, 12 MB with copies.
 */
export function detach(s: string): string {
  return s.length < 13 ? s : ` ${s}`.slice(1);
}

const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** XML's five named entities and numeric character references decoded (anything else is left as written). */
export function decodeXml(s: string): string {
  if (!s.includes(AMP)) return s;
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|lt|gt|amp|quot|apos);/g, (whole, ref: string) => {
    if (ref.charCodeAt(0) !== 35) return NAMED[ref] ?? whole;
    const code = ref.charCodeAt(1) === 120 ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
