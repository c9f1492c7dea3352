// @vitest-environment node
// A page's critical CSS (scripts/critical-css.mjs) keeps every rule that can match the page's HTML and drops
// only rules naming a class or an element the HTML lacks. The browser test e2e/critical-css.spec.ts compares
// the pictures; this pins the selection itself.
import { describe, expect, it } from "vitest";
import { criticalCss, htmlVocabulary } from "../../scripts/critical-css.mjs";

const sheet = `
@layer theme { :root { --brand: #0a7; } }
@layer base { h1 { margin: 0 } table { border-collapse: collapse } *, ::before { box-sizing: border-box } }
@layer utilities {
  .flex { display: flex }
  .grid { display: grid }
  .hover\\:underline:hover { text-decoration: underline }
  .group:hover .group-hover\\:block { display: block }
  .\\[\\&_a\\]\\:underline a { text-decoration: underline }
  .hidden, .sr-only { display: none }
  [data-open] { outline: 1px solid }
  :is(.space-y-2 > :not(:last-child)) { margin-block-end: 0.5rem }
  @media (width >= 48rem) { .md\\:grid { display: grid } .md\\:block { display: block } }
}
@keyframes spin { to { transform: rotate(360deg) } }
.animate-spin { animation: spin 1s linear infinite }
`;

const page = `<html><body><h1 class="flex hover:underline md:grid">Hi</h1><p class="[&amp;_a]:underline sr-only"><a>x</a></p></body></html>`;

describe("critical CSS", () => {
  const css = criticalCss(sheet, page);

  it("keeps the rules of the classes and elements the page uses, with their states and breakpoints", () => {
    expect(css).toContain(".flex{display:flex}");
    expect(css).toContain(".hover\\:underline:hover");
    expect(css).toMatch(/@media \(min-width:48rem\)\{\.md\\:grid\{display:grid\}\}|@media \(width>=48rem\)\{\.md\\:grid\{display:grid\}\}/);
    expect(css).toContain("h1{margin:0}");
    // A class written with an escaped & in the HTML, as React writes it.
    expect(css).toContain(".\\[\\&_a\\]\\:underline a");
  });

  it("keeps a selector list when one of its selectors can match", () => {
    expect(css).toMatch(/\.hidden,\.sr-only\{display:none\}/);
  });

  it("keeps what it does not look into: custom properties, the universal selector, attributes, :is(), keyframes", () => {
    expect(css).toContain("--brand:#0a7");
    expect(css).toMatch(/\*,:+before\{box-sizing:border-box\}/);
    expect(css).toContain("[data-open]");
    expect(css).toContain("space-y-2");
    expect(css).toContain("@keyframes spin");
  });

  it("drops the rules naming a class or an element the page lacks", () => {
    expect(css).not.toContain(".grid{");
    expect(css).not.toContain("md\\:block");
    expect(css).not.toContain("group-hover");
    expect(css).not.toContain("table{");
    expect(css).not.toContain(".animate-spin{");
  });

  it("reads class names as the browser does", () => {
    const { classes, elements } = htmlVocabulary(`<div class=" a  b&amp;c &quot;d&#x27;"><SVG class="e"></SVG></div>`);
    expect([...classes]).toEqual(["a", "b&c", `"d'`, "e"]);
    expect([...elements]).toEqual(["div", "svg"]);
  });
});
