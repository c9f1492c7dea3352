// The browser's side of a page's <head>: when the visitor moves to another page (or a page's title changes),
// the title, description, canonical and hreflang links, Open Graph tags and JSON-LD become the new page's.
// Loaded only then (src/ui/page-meta.tsx): the pre-rendered head is already right on a first load.
import { fullTitle, headTagKey, headTags, type PageHead } from "./head-tags";
import { structuredDataFor } from "./structured-data";
import type { Language } from "../i18n/languages";

export function updateHead(head: PageHead, { path, language }: { path: string; language: Language }): void {
  document.title = fullTitle(head.title);
  const origin = window.location.origin;
  // The page's structured data (as pre-rendered: its own, completed, or the business on home, pricing and areas), or none.
  const data = structuredDataFor(path, { origin, language }, head.structuredData);
  const tags = headTags({ ...head, structuredData: data }, { origin, path, language });
  const keep = new Set<Element>();
  for (const tag of tags) {
    let element = document.head.querySelector(headTagKey(tag));
    if (!element) {
      element = document.createElement(tag.tag);
      document.head.append(element);
    }
    for (const [name, value] of Object.entries(tag.attrs)) element.setAttribute(name, value);
    keep.add(element);
  }
  // A page without a canonical address (noindex) after one with it, or the reverse; an article's date after a post.
  document.head.querySelectorAll('link[rel="canonical"], link[rel="alternate"][hreflang], meta[name="robots"], meta[property="og:url"], meta[property^="article:"]').forEach((element) => {
    if (!keep.has(element)) element.remove();
  });
  const scripts = document.head.querySelectorAll('script[type="application/ld+json"]');
  scripts.forEach((script, i) => {
    if (!data || i > 0) script.remove();
  });
  if (data) {
    const script = scripts[0]?.isConnected ? scripts[0] : document.head.appendChild(document.createElement("script"));
    script.setAttribute("type", "application/ld+json");
    script.textContent = JSON.stringify(data);
  }
}
