import sanitize from "sanitize-html";

/**
 * The server's allow-list for head-unit content bodies (whatever the client sent): headings,
 * paragraphs, lists, quotes, b/i/u/s/strong/em, links with http(s) or mailto only (rel
 * noopener, target dropped), images from http(s) or the object store (`/obs/…`) only, tables.
 * No style, class, script or on* attribute survives; a disallowed tag keeps its text, but a
 * script's or style's content goes with it.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "ul",
    "ol",
    "li",
    "b",
    "i",
    "u",
    "s",
    "strong",
    "em",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "caption",
  ],
  allowedAttributes: {
    a: ["href", "rel"],
    img: ["src", "alt", "width", "height"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe"],
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  transformTags: {
    a: (tagName, attribs) => {
      const attrs: sanitize.Attributes = attribs.href ? { href: attribs.href, rel: "noopener noreferrer" } : {};
      return { tagName, attribs: attrs };
    },
    img: (tagName, attribs) => {
      const src = attribs.src ?? "";
      const allowed = /^https?:\/\//i.test(src) || /^\/obs\/[\w./-]+$/.test(src);
      const { src: _src, ...rest } = attribs;
      return { tagName, attribs: allowed ? { ...rest, src } : rest };
    },
  },
};

/** The stored form of a body: the allow-list applied. */
export function sanitizeContentHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
