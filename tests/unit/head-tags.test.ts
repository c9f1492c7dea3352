// A page's head (src/ui/head-tags.ts, src/ui/head-update.ts): a page out of search (noindex) names no address of
// its own, neither canonical nor og:url, at build time nor after moving to it in the browser.
import { describe, expect, it } from "vitest";
import { headHtml, headTags, type PageHead } from "../../src/ui/head-tags";
import { updateHead } from "../../src/ui/head-update";

const origin = "https://freshfold.example";
const indexed: PageHead = { title: "Pricing", description: "Simple, honest pricing for weekly laundry pickup." };
const outOfSearch: PageHead = { title: "Oops! Page not found", description: "The page you asked for is not here.", noindex: true };
const ogUrl = (tags: ReturnType<typeof headTags>) => tags.filter((tag) => tag.attrs.property === "og:url").map((tag) => tag.attrs.content);

describe("og:url", () => {
  it("is the page's own address, in its language, on a page open to search", () => {
    expect(ogUrl(headTags(indexed, { origin, path: "/pricing", language: "en" }))).toEqual([`${origin}/pricing`]);
    expect(ogUrl(headTags(indexed, { origin, path: "/pricing", language: "es" }))).toEqual([`${origin}/es/pricing`]);
    expect(headHtml(indexed, { origin, path: "/pricing", language: "en" })).toContain(`<meta property="og:url" content="${origin}/pricing" />`);
  });

  it("is absent from a page out of search (the not-found page would name /404), as its canonical is", () => {
    for (const language of ["en", "es"] as const) {
      const tags = headTags(outOfSearch, { origin, path: "/404", language });
      expect(ogUrl(tags)).toEqual([]);
      expect(tags.some((tag) => tag.attrs.name === "robots" && tag.attrs.content === "noindex")).toBe(true);
      const html = headHtml(outOfSearch, { origin, path: "/payment-success", language });
      expect(html).not.toContain("og:url");
      expect(html).not.toContain('rel="canonical"');
      // The link preview is otherwise whole.
      expect(html).toContain('property="og:title"');
      expect(html).toContain('property="og:image"');
    }
  });

  it("goes when the browser moves from a page open to search to one out of it, and comes back after", () => {
    document.head.innerHTML = "";
    // Pages that state no structured data (home, pricing and the areas would build the business's, in Lingui).
    updateHead(indexed, { path: "/about", language: "en" });
    const shown = () => [...document.head.querySelectorAll('meta[property="og:url"]')].map((meta) => meta.getAttribute("content"));
    expect(shown()).toEqual([`${window.location.origin}/about`]);
    updateHead(outOfSearch, { path: "/no/such/page", language: "en" });
    expect(shown()).toEqual([]);
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    updateHead(indexed, { path: "/about", language: "es" });
    expect(shown()).toEqual([`${window.location.origin}/es/about`]);
  });
});
