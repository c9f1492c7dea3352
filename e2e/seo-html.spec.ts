// Without JavaScript: what a crawler or a link preview reads. Plain HTTP requests to the built server; the raw
// HTML of every public page in both languages holds its heading, its facts, its head; sitemap.xml, robots.txt,
// JSON-LD; unknown addresses answer 404 in their language.
import { test, expect } from "@playwright/test";
import { tr } from "./checkout-helpers";
import { blogPosts } from "../src/resources/blog/posts";
import { serviceAreas } from "#domain/service-areas";
import { placeName } from "../src/areas/area-names";
import type { Language } from "./fixtures";
import { ogImage, ogImageSize } from "../src/ui/og-image";

interface Page {
  path: string;
  /** The English heading, and the catalog its Spanish is in. */
  heading: [string, string];
  /** Facts of the spec the page states, in both languages. */
  facts?: string[];
  indexed?: boolean;
}

const zips = serviceAreas.flatMap((area) => area.zipCodes);
const pages: Page[] = [
  { path: "/", heading: ["Laundry day, handled.", "home"], facts: ["$19.99"] },
  { path: "/about", heading: ["A Miami laundry service built around your week", "marketing"] },
  { path: "/services", heading: ["Laundry care for every kind of week", "marketing"] },
  { path: "/pricing", heading: ["Simple, honest pricing", "marketing"], facts: ["$29.99", "$19.99"] },
  { path: "/service-areas", heading: ["Laundry pickup across Miami-Dade", "resources"], facts: zips },
  { path: "/faq", heading: ["Frequently asked questions", "resources"], facts: ["Coral Gables", "Doral"] },
  { path: "/airbnb-hosts", heading: ["Fresh linens between every guest", "marketing"] },
  { path: "/blog", heading: ["Fresh tips for life in Miami", "resources"] },
  { path: "/how-it-works", heading: ["Four steps to a laundry-free week", "marketing"] },
  { path: "/login", heading: ["Log in", "contact"] },
  { path: "/contact", heading: ["Contact us", "contact"] },
  { path: "/privacy", heading: ["Privacy notice", "marketing"] },
  { path: "/terms", heading: ["Terms of service", "marketing"] },
  { path: "/signup", heading: ["Schedule your pickup", "signup"] },
  { path: "/payment-success", heading: ["Payment Successful!", "checkout"], indexed: false },
  { path: "/payment-canceled", heading: ["Payment canceled", "checkout"], indexed: false },
];

const addressIn = (path: string, language: Language) => (language === "es" ? `/es${path === "/" ? "/" : path}` : path);
const decode = (html: string) =>
  html.replace(/<!-- -->/g, "").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
const attr = (html: string, pattern: RegExp) => decode(html.match(pattern)?.[1] ?? "");
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));

/**
 * The head holds the first frame until the page's first screen of text is parsed (src/ui/page-meta.tsx): a
 * render-blocking `rel="expect"` naming the one element, after the page's heading, that ends it.
 */
function expectFirstFrameHeldFor(html: string, id: string | undefined) {
  const head = html.slice(0, html.indexOf("</head>"));
  if (!id) {
    expect(html).not.toContain('rel="expect"');
    return;
  }
  expect(head).toContain(`<link rel="expect" href="#${id}" blocking="render" />`);
  expect(html.split(` id="${id}"`)).toHaveLength(2);
  expect(html.indexOf(` id="${id}"`)).toBeGreaterThan(html.indexOf("</h1>"));
}

/** The link preview's image: the page language's 1200x630 PNG at its absolute address, for Open Graph and X. */
function expectPreviewImage(html: string, language: Language, baseURL: string | undefined) {
  const meta = (key: string) => attr(html, new RegExp(`<meta (?:property|name)="${key}" content="([^"]+)"`));
  const image = `${baseURL}${ogImage[language].path}`;
  expect(meta("og:image")).toBe(image);
  expect(meta("og:image:type")).toBe("image/png");
  expect(meta("og:image:width")).toBe(String(ogImageSize.width));
  expect(meta("og:image:height")).toBe(String(ogImageSize.height));
  expect(meta("og:image:alt")).toBe(ogImage[language].alt);
  expect(meta("twitter:card")).toBe("summary_large_image");
  expect(meta("twitter:image")).toBe(image);
}

for (const language of ["en", "es"] as const) {
  test.describe(`the raw HTML in ${language}`, () => {
    for (const page of pages) {
      const address = addressIn(page.path, language);
      test(`${address} holds its heading, facts, title, description, canonical and hreflang`, async ({ request, baseURL }) => {
        const response = await request.get(address, { headers: { "accept-language": "en" } });
        expect(response.status()).toBe(200);
        const html = await response.text();
        const heading = language === "en" ? page.heading[0] : tr(page.heading[1], page.heading[0], "es");
        expect(html).toContain(`<html lang="${language}">`);
        const h1s = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => decode(m[1]!.replace(/<[^>]+>/g, "")).trim());
        expect(h1s).toEqual([heading]);
        for (const fact of page.facts ?? []) expect(decode(html), fact).toContain(fact);
        // The shell: the footer's areas.
        expect(html).toContain("Coconut Grove");
        // The icons: the SVG, and the ICO and touch icon for browsers and phones that do not read an SVG icon.
        expect(html).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32" />');
        expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/logo.svg" />');
        expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
        const title = attr(html, /<title>([^<]*)<\/title>/);
        expect(title).toMatch(/ · FreshFold Laundry$/);
        expect(attr(html, /<meta name="description" content="([^"]+)"/).length).toBeGreaterThan(40);
        expect(attr(html, /<meta property="og:title" content="([^"]+)"/)).toBe(title.replace(/ · FreshFold Laundry$/, ""));
        expectPreviewImage(html, language, baseURL);
        expect(html).toContain('<meta property="og:type" content="website" />');
        expect(html).not.toContain("article:published_time");
        expectFirstFrameHeldFor(html, page.indexed === false ? undefined : page.path === "/signup" ? "signup-step-heading" : "page-lead");
        if (page.indexed === false) {
          expect(html).toContain('<meta name="robots" content="noindex" />');
          expect(response.headers()["x-robots-tag"]).toBe("noindex");
          expect(html).not.toContain('rel="canonical"');
          expect(html).not.toContain('property="og:url"');
        } else {
          expect(response.headers()["x-robots-tag"]).toBeUndefined();
          expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`${baseURL}${address}`);
          expect(attr(html, /<link rel="alternate" hreflang="en" href="([^"]+)"/)).toBe(`${baseURL}${addressIn(page.path, "en")}`);
          expect(attr(html, /<link rel="alternate" hreflang="es" href="([^"]+)"/)).toBe(`${baseURL}${addressIn(page.path, "es")}`);
          expect(attr(html, /<link rel="alternate" hreflang="x-default" href="([^"]+)"/)).toBe(`${baseURL}${page.path}`);
          expect(attr(html, /<meta property="og:url" content="([^"]+)"/)).toBe(`${baseURL}${address}`);
        }
      });
    }

    for (const post of blogPosts) {
      const address = addressIn(`/blog/${post.slug}`, language);
      test(`${address} holds the post's title, excerpt and head`, async ({ request, baseURL }) => {
        const response = await request.get(address);
        expect(response.status()).toBe(200);
        const html = decode(await response.text());
        expect(html).toContain(`<html lang="${language}">`);
        expect(html).toMatch(new RegExp(`<h1[^>]*>${post.text[language].title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</h1>`));
        expect(html).toContain(`<title>${post.text[language].title} · FreshFold Laundry</title>`);
        expect(html).toContain(`<meta name="description" content="${post.text[language].excerpt}" />`);
        expect(html).toContain(`<link rel="canonical" href="${baseURL}${address}" />`);
        expect(html).toContain(`<link rel="alternate" hreflang="es" href="${baseURL}/es/blog/${post.slug}" />`);
        expectPreviewImage(html, language, baseURL);
        expectFirstFrameHeldFor(html, "page-lead");
        // An article: Open Graph's type and date, and BlogPosting JSON-LD from the post's own data.
        expect(html).toContain('<meta property="og:type" content="article" />');
        expect(html).toContain(`<meta property="article:published_time" content="${post.published}" />`);
        const data = jsonLd(html);
        expect(data).toHaveLength(1);
        expect(data[0]).toEqual({
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.text[language].title,
          description: post.text[language].excerpt,
          datePublished: post.published,
          author: { "@type": "Person", name: post.author },
          inLanguage: language === "en" ? "en-US" : "es-US",
          url: `${baseURL}${address}`,
          mainEntityOfPage: { "@type": "WebPage", "@id": `${baseURL}${address}` },
          image: `${baseURL}${ogImage[language].path}`,
          publisher: { "@type": "LocalBusiness", "@id": `${baseURL}/#business`, name: "FreshFold Laundry", url: `${baseURL}${addressIn("/", language)}` },
        });
      });
    }

    test(`${addressIn("/signup", language)} holds its first step, every field and button in a fieldset disabled until the page's code runs`, async ({ request }) => {
      const html = decode(await (await request.get(addressIn("/signup", language), { headers: { "accept-language": "en" } })).text());
      expect(html).toMatch(new RegExp(`<h2[^>]*>${tr("signup", "Personal information and address", language)}</h2>`));
      const form = html.match(/<form[^>]*aria-labelledby="signup-step-heading"[^>]*>([\s\S]*?)<\/form>/)?.[1] ?? "";
      const disabled = form.match(/<fieldset disabled=""[^>]*>([\s\S]*)<\/fieldset>/)?.[1] ?? "";
      const controls = (text: string) => text.match(/<(input|button|select|textarea)\b/g) ?? [];
      expect(disabled).toContain('type="email"');
      expect(controls(disabled).length).toBeGreaterThanOrEqual(10);
      expect(controls(disabled)).toEqual(controls(form));
    });

    test(`an unknown address answers the not-found page with 404 in ${language}`, async ({ request, baseURL }) => {
      const response = await request.get(addressIn("/no/such/page", language));
      expect(response.status()).toBe(404);
      const html = decode(await response.text());
      expect(html).toContain(`<html lang="${language}">`);
      expect(html).toContain(language === "en" ? "Oops! Page not found" : "¡Ups! Página no encontrada");
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(response.headers()["x-robots-tag"]).toBe("noindex");
      // No address of its own: it stands for any unknown one (it once said og:url …/404).
      expect(html).not.toContain('property="og:url"');
      expect(html).not.toContain('rel="canonical"');
      expectPreviewImage(html, language, baseURL);
    });
  });
}

test("the link-preview images answer as PNGs of their stated size, which other sites may show (Cross-Origin-Resource-Policy)", async ({ request }) => {
  for (const language of ["en", "es"] as const) {
    const response = await request.get(ogImage[language].path);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    const png = await response.body();
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    // IHDR, the first chunk: width and height at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([ogImageSize.width, ogImageSize.height]);
    expect(png.length).toBeLessThan(300_000);
    expect(response.headers()["cross-origin-resource-policy"]).toBe("cross-origin");
  }
  // The welcome e-mail's logo, shown by webmail on its own origin.
  expect((await request.get("/images/logo-mail.png")).headers()["cross-origin-resource-policy"]).toBe("cross-origin");
  for (const path of ["/", "/es/pricing", "/logo.svg", "/api/health"]) {
    expect((await request.get(path, { headers: { "accept-language": "en" } })).headers()["cross-origin-resource-policy"], path).toBe("same-origin");
  }
});

test("the site's icons answer: /favicon.ico holds a 16 and a 32 px PNG, /apple-touch-icon.png is a 180 px opaque square", async ({ request }) => {
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toBe("image/x-icon");
  const ico = await favicon.body();
  // ICONDIR (reserved 0, type 1, count), then a 16-byte entry per image: width, height, ..., size, offset.
  expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 2]);
  for (const [index, size] of [16, 32].entries()) {
    const entry = 6 + 16 * index;
    expect([ico[entry], ico[entry + 1]]).toEqual([size, size]);
    const png = ico.subarray(ico.readUInt32LE(entry + 12), ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8));
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
  }
  const touch = await request.get("/apple-touch-icon.png");
  expect(touch.status()).toBe(200);
  expect(touch.headers()["content-type"]).toBe("image/png");
  const png = await touch.body();
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([180, 180]);
  // Colour type 2 (RGB) or 3 (palette) with no transparency chunk: iOS fills transparent corners with black.
  expect([2, 3]).toContain(png[25]);
  expect(png.includes(Buffer.from("tRNS"))).toBe(false);
});

test("sitemap.xml lists every indexed page in both languages, each with its alternates", async ({ request, baseURL }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/xml/);
  const xml = await response.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const indexed = [...pages.filter((p) => p.indexed !== false).map((p) => p.path), ...blogPosts.map((p) => `/blog/${p.slug}`)];
  expect(locs.sort()).toEqual(indexed.flatMap((path) => [`${baseURL}${path}`, `${baseURL}${addressIn(path, "es")}`]).sort());
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="es" href="${baseURL}/es/pricing"/>`);
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${baseURL}/pricing"/>`);
  expect(xml).not.toContain("payment-");
});

test("every page of the sitemap, in both languages, has a description of 50 to 160 characters (what search results show)", async ({ request, baseURL }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(baseURL!, ""));
  expect(locs.length).toBeGreaterThan(40);
  const outside: string[] = [];
  for (const address of locs) {
    const html = await (await request.get(address, { headers: { "accept-language": "en" } })).text();
    const description = attr(html, /<meta name="description" content="([^"]+)"/);
    if (description.length < 50 || description.length > 160) outside.push(`${address}: ${description.length}`);
  }
  expect(outside).toEqual([]);
});

// Crawlers must fetch a page to read its noindex (and a sign-up address's canonical): robots.txt keeps out only what
// is no page, and the pages out of search say noindex themselves (their head and X-Robots-Tag).
test("robots.txt points to the sitemap and keeps out only the sandbox, the API and the development tools", async ({ request, baseURL }) => {
  const text = await (await request.get("/robots.txt")).text();
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect([...text.matchAll(/^Disallow: (.*)$/gm)].map((m) => m[1])).toEqual(["/sandbox/", "/api/", "/dev/"]);
});

test("JSON-LD: the business with its six areas and the plans as Offers, from the pages' own data", async ({ request }) => {
  for (const path of ["/", "/pricing", "/es/pricing", "/es/service-areas"]) {
    const [business] = jsonLd(await (await request.get(path)).text());
    expect(business["@type"]).toBe("LocalBusiness");
    expect(business.priceRange).toBe("$$");
    expect(business.telephone).toBe("+1-305-555-0142");
    // The areas named as the page shows them in its language ("Downtown y Brickell").
    const names = serviceAreas.map((a) => placeName(a.name, path.startsWith("/es/") ? "es" : "en"));
    if (path.startsWith("/es/")) expect(names[0]).toBe("Downtown y Brickell");
    expect(business.areaServed.map((a: { name: string }) => a.name)).toEqual(names);
    // One postal code per PostalAddress (schema.org), every ZIP of each area; no city the data does not know.
    for (const [i, area] of serviceAreas.entries()) {
      expect(business.areaServed[i]).toEqual({
        "@type": "Place",
        name: names[i],
        address: area.zipCodes.map((postalCode) => ({ "@type": "PostalAddress", postalCode, addressRegion: "FL", addressCountry: "US" })),
      });
    }
    expect(business.makesOffer.map((o: { price: string; priceCurrency: string }) => `${o.price} ${o.priceCurrency}`)).toEqual(["19.99 USD", "29.99 USD"]);
  }
  const [spanish] = jsonLd(await (await request.get("/es/pricing")).text());
  expect(spanish.makesOffer[1].name).toBe(tr("marketing", "Weekly Plan", "es"));
});

test("JSON-LD: the FAQ page as FAQPage, every question with its answer, in the page's language", async ({ request }) => {
  for (const language of ["en", "es"] as const) {
    const [faq] = jsonLd(await (await request.get(addressIn("/faq", language))).text());
    expect(faq["@type"]).toBe("FAQPage");
    expect(faq.mainEntity).toHaveLength(12);
    const cost = faq.mainEntity.find((q: { name: string }) => q.name === tr("resources", "How much does it cost?", language));
    expect(cost.acceptedAnswer.text).toContain("$29.99");
    expect(cost.acceptedAnswer.text).toContain("$19.99");
  }
});

test("the FAQ page's HTML holds every question and answer its FAQPage lists, each tab's, in both languages (search engines want them on the page)", async ({ request }) => {
  for (const language of ["en", "es"] as const) {
    const html = await (await request.get(addressIn("/faq", language), { headers: { "accept-language": "en" } })).text();
    const [faq] = jsonLd(html);
    const body = decode(html.slice(html.indexOf("<body")));
    expect(faq.mainEntity).toHaveLength(12);
    const entries = faq.mainEntity as Array<{ name: string; acceptedAnswer: { text: string } }>;
    const missing = entries.flatMap(({ name, acceptedAnswer }) => [name, acceptedAnswer.text]).filter((text) => !body.includes(text));
    expect(missing, language).toEqual([]);
  }
});
