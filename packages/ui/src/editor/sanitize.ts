import DOMPurify from "dompurify";

/**
 * Sanitises editor HTML before it leaves the widget: DOMPurify with its HTML profile, no
 * inline event handlers, scripts, iframes or styles; images only from http(s) or same-origin.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "iframe", "form", "input"],
    FORBID_ATTR: ["style"],
    ALLOWED_URI_REGEXP: /^(?:https?:|\/|\.\/|#|mailto:)/i,
  });
}

/** Number of <img> elements in an HTML fragment. */
export function countImages(html: string): number {
  return (html.match(/<img\b/gi) ?? []).length;
}
