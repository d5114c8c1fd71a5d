// @vitest-environment jsdom
// DOMPurify does not work under happy-dom (it keeps <script>); jsdom parses HTML like a browser.
import { describe, expect, it } from "vitest";
import { countImages, sanitizeHtml } from "./sanitize";

describe("editor output sanitising", () => {
  it("drops scripts, inline handlers, javascript: links and styles, keeps content", () => {
    const out = sanitizeHtml(
      '<p onclick="x()" style="color:red">hi<script>alert(1)</script><a href="javascript:alert(1)">a</a><img src="x" onerror="alert(1)"></p>',
    );
    expect(out).toBe("<p>hi<a>a</a><img></p>");
  });
  it("keeps http(s) images and formatting", () => {
    const html = '<h2>标题</h2><p><strong>粗</strong><img src="https://obs.test/a.png" alt="a"></p>';
    expect(sanitizeHtml(html)).toBe(html);
  });
  it("counts images", () => {
    expect(countImages('<p><img src="a"><IMG src="b"></p>')).toBe(2);
  });
});
