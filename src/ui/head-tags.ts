// A page's <head>: one description of it, written to HTML at build time (src/entry-server.tsx) and kept up to
// date in the browser as the visitor moves between pages (src/ui/page-meta.tsx).
import { brand } from "../config/brand";
import { fullTitle } from "./title";
import { ogImage, ogImageSize } from "./og-image";
import { languages, localeTag, pathInLanguage, type Language } from "../i18n/languages";

export interface PageHead {
  title: string;
  description: string;
  /** JSON-LD (schema.org) the page states about itself. */
  structuredData?: object;
  /** Pages that must stay out of search results (the payment returns, the not-found page). */
  noindex?: boolean;
}

export interface HeadTag {
  tag: "meta" | "link";
  attrs: Record<string, string>;
}

export { fullTitle };

const ogLocale = (language: Language) => localeTag[language].replace("-", "_");

/**
 * Description, canonical address, the hreflang alternates (en, es, x-default: English), Open Graph tags and the
 * link-preview image in the page's language (./og-image.ts) of the page at `path` (an address without the /es/
 * prefix, as the router sees it) in `language`.
 */
export function headTags(head: PageHead, { origin, path, language }: { origin: string; path: string; language: Language }): HeadTag[] {
  const url = (lang: Language) => `${origin}${pathInLanguage(path, lang)}`;
  const other = languages.find((l) => l !== language)!;
  const image = ogImage[language];
  // A blog post is an article: its JSON-LD (./structured-data.ts) says so, with its date.
  const { "@type": type, datePublished } = (head.structuredData ?? {}) as { "@type"?: string; datePublished?: string };
  const article = type === "BlogPosting" && datePublished !== undefined;
  const tags: HeadTag[] = [{ tag: "meta", attrs: { name: "description", content: head.description } }];
  if (head.noindex) tags.push({ tag: "meta", attrs: { name: "robots", content: "noindex" } });
  else {
    tags.push({ tag: "link", attrs: { rel: "canonical", href: url(language) } });
    for (const lang of languages) tags.push({ tag: "link", attrs: { rel: "alternate", hreflang: lang, href: url(lang) } });
    tags.push({ tag: "link", attrs: { rel: "alternate", hreflang: "x-default", href: url("en") } });
  }
  tags.push(
    { tag: "meta", attrs: { property: "og:type", content: article ? "article" : "website" } },
    { tag: "meta", attrs: { property: "og:site_name", content: brand.name } },
    { tag: "meta", attrs: { property: "og:title", content: head.title } },
    { tag: "meta", attrs: { property: "og:description", content: head.description } },
    // The canonical address, for a link preview: a page out of search has none (the not-found page is at any address).
    ...(head.noindex ? [] : [{ tag: "meta", attrs: { property: "og:url", content: url(language) } } satisfies HeadTag]),
    { tag: "meta", attrs: { property: "og:locale", content: ogLocale(language) } },
    { tag: "meta", attrs: { property: "og:locale:alternate", content: ogLocale(other) } },
    { tag: "meta", attrs: { property: "og:image", content: `${origin}${image.path}` } },
    { tag: "meta", attrs: { property: "og:image:type", content: "image/png" } },
    { tag: "meta", attrs: { property: "og:image:width", content: String(ogImageSize.width) } },
    { tag: "meta", attrs: { property: "og:image:height", content: String(ogImageSize.height) } },
    { tag: "meta", attrs: { property: "og:image:alt", content: image.alt } },
    { tag: "meta", attrs: { name: "twitter:card", content: "summary_large_image" } },
    { tag: "meta", attrs: { name: "twitter:image", content: `${origin}${image.path}` } },
    { tag: "meta", attrs: { name: "twitter:image:alt", content: image.alt } },
  );
  if (article) tags.push({ tag: "meta", attrs: { property: "article:published_time", content: datePublished } });
  return tags;
}

/** The selector that finds a tag's element again (its identity, not its content). */
export function headTagKey({ tag, attrs }: HeadTag): string {
  if (tag === "meta") return attrs.name ? `meta[name="${attrs.name}"]` : `meta[property="${attrs.property}"]`;
  return attrs.hreflang ? `link[rel="alternate"][hreflang="${attrs.hreflang}"]` : `link[rel="${attrs.rel}"]`;
}

const escapeAttr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeText = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The head as HTML, for the pre-rendered page. JSON-LD is a data block (not script), which the CSP allows. */
export function headHtml(head: PageHead, where: { origin: string; path: string; language: Language }): string {
  const tags = headTags(head, where).map(({ tag, attrs }) => `<${tag} ${Object.entries(attrs).map(([k, v]) => `${k}="${escapeAttr(v)}"`).join(" ")} />`);
  const data = head.structuredData
    ? [`<script type="application/ld+json">${JSON.stringify(head.structuredData).replace(/</g, "\\u003c")}</script>`]
    : [];
  return [`<title>${escapeText(fullTitle(head.title))}</title>`, ...tags, ...data].join("\n    ");
}
