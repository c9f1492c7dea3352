// Serving the built site (server/plugins/site.ts) from a small built tree of the shape scripts/prerender.mjs
// writes: pages at their addresses in both languages, pre-compressed copies, ETags, 404 pages per language.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { buildApp, loggerOptions } from "#server/app";
import { loadConfig } from "#server/config";
import { buildTestApp } from "./helpers/app";
import { openTestDatabase, testDriver } from "./helpers/database";
import { answerHeaders, overSocket } from "./helpers/socket";

const buildOrigin = "http://localhost:3000";
const page = (lang: string, title: string) =>
  `<!doctype html><html lang="${lang}"><head><title>${title}</title><link rel="canonical" href="${buildOrigin}/x" /></head><body><h1>${title}</h1>${"text ".repeat(200)}</body></html>`;

function writeTree(root: string, origin = buildOrigin) {
  const files: Record<string, string> = {
    "index.html": page("en", "Home"),
    "pricing.html": page("en", "Pricing"),
    "blog.html": page("en", "Blog"),
    "blog/some-post.html": page("en", "A post"),
    "es/index.html": page("es", "Inicio"),
    "es/pricing.html": page("es", "Precios"),
    // A page out of search (noindex), as the payment returns are.
    "payment-success.html": page("en", "Payment Successful!"),
    "es/payment-success.html": page("es", "¡Pago exitoso!"),
    "404.html": page("en", "Oops! Page not found"),
    "es/404.html": page("es", "¡Ups! Página no encontrada"),
    // Home as the billing portal's link opens it (?token=, ?email=).
    "portal-redirect.html": page("en", "Redirecting to Billing Portal"),
    "es/portal-redirect.html": page("es", "Redirigiendo al portal de facturación"),
    "assets/pricing-page-Ab12Cd34.js": `export default ${JSON.stringify("x".repeat(500))};`,
    "logo.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
    // A public image (public/images/), which other sites show: link previews, the welcome e-mail's logo.
    "images/og-en.png": "\x89PNG not really",
    "sitemap.xml": `<urlset><url><loc>${buildOrigin}/</loc></url></urlset>`,
    // Not the site: the build's manifest and the server bundle (scripts/build-server.mjs).
    ".vite/manifest.json": "{}",
    "server/main.mjs": "await import('./server.mjs');",
    "server/migrations/0000_init.sql": "CREATE TABLE x ();",
  };
  for (const [file, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), body);
    if (/\.(html|js)$/.test(file)) {
      writeFileSync(path.join(root, `${file}.br`), brotliCompressSync(body));
      writeFileSync(path.join(root, `${file}.gz`), gzipSync(body));
    }
  }
  const pages = [
    { url: "/", file: "index.html", status: 200, language: "en" },
    { url: "/pricing", file: "pricing.html", status: 200, language: "en" },
    { url: "/blog", file: "blog.html", status: 200, language: "en" },
    { url: "/blog/some-post", file: "blog/some-post.html", status: 200, language: "en" },
    { url: "/es/", file: "es/index.html", status: 200, language: "es" },
    { url: "/es/pricing", file: "es/pricing.html", status: 200, language: "es" },
    { url: "/payment-success", file: "payment-success.html", status: 200, language: "en", noindex: true },
    { url: "/es/payment-success", file: "es/payment-success.html", status: 200, language: "es", noindex: true },
    { url: "/404", file: "404.html", status: 404, language: "en", noindex: true },
    { url: "/es/404", file: "es/404.html", status: 404, language: "es", noindex: true },
  ];
  const portalRedirect = [
    { url: "/", file: "portal-redirect.html", language: "en", noindex: true },
    { url: "/es/", file: "es/portal-redirect.html", language: "es", noindex: true },
  ];
  writeFileSync(path.join(root, "pages.json"), JSON.stringify({ origin, pages, portalRedirect }));
}

describe(`the built site (${testDriver})`, () => {
  const root = mkdtempSync(path.join(tmpdir(), "site-"));
  let app: Awaited<ReturnType<typeof buildApp>>;
  /** Each answered URL: whether the not-found handler answered it (Fastify's request.is404). */
  const byNotFoundHandler = new Map<string, boolean>();

  beforeAll(async () => {
    writeTree(root);
    const database = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", PUBLIC_URL: buildOrigin, RECONCILE_INTERVAL_MS: "0", SITE_ROOT: root });
    app = await buildApp({ config, database, logger: false });
    app.addHook("onClose", () => database.close());
    app.addHook("onResponse", async (request) => {
      byNotFoundHandler.set(request.url, request.is404);
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each([
    ["/", "Home"],
    ["/pricing", "Pricing"],
    ["/blog/some-post", "A post"],
    ["/es/", "Inicio"],
    ["/es/pricing", "Precios"],
  ])("answers %s with its own pre-rendered page, revalidated by ETag", async (url, title) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body).toContain(`<h1>${title}</h1>`);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    // Served by a route, straight from memory, never by the not-found handler.
    expect(byNotFoundHandler.get(url)).toBe(false);
  });

  describe("home opened by the billing portal's link (?token=, ?email=; product.md PAY-8)", () => {
    it.each([
      ["/?token=s3cr3t", "Redirecting to Billing Portal"],
      ["/?email=ana%40example.com", "Redirecting to Billing Portal"],
      ["/?email=ana%40example.com&token=s3cr3t", "Redirecting to Billing Portal"],
      ["/?utm_source=mail&token=", "Redirecting to Billing Portal"],
      ["/?%74oken=s3cr3t", "Redirecting to Billing Portal"],
      ["/es/?token=s3cr3t", "Redirigiendo al portal de facturación"],
      ["/es/?email=ana%40example.com", "Redirigiendo al portal de facturación"],
    ])("answers %s with the redirecting page in its language, never home's, and never stored by any cache", async (url, heading) => {
      for (const method of ["GET", "HEAD"] as const) {
        const response = await app.inject({ method, url, headers: { "accept-encoding": "br" } });
        expect(response.statusCode).toBe(200);
        expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(response.headers["cache-control"]).toBe("no-store");
        // No validator: nothing may keep it, nor revalidate home's copy into it.
        expect(response.headers.etag).toBeUndefined();
        expect(response.headers.vary).toBe("Accept-Encoding, Cookie, Accept-Language");
        expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
        if (method === "GET") {
          const body = brotliDecompressSync(response.rawPayload).toString();
          expect(body).toContain(`<h1>${heading}</h1>`);
          expect(body).not.toMatch(/<h1>(Home|Inicio)<\/h1>/);
        }
      }
      const home = await app.inject({ url: url.startsWith("/es/") ? "/es/" : "/", headers: { "accept-encoding": "br" } });
      for (const ifNoneMatch of [home.headers.etag as string, "*"]) {
        const response = await app.inject({ url, headers: { "accept-encoding": "br", "if-none-match": ifNoneMatch } });
        expect(response.statusCode, ifNoneMatch).toBe(200);
        expect(brotliDecompressSync(response.rawPayload).toString()).toContain(`<h1>${heading}</h1>`);
      }
    });

    it.each([
      ["/", "Home"],
      ["/?utm_source=mail", "Home"],
      ["/?tokens=1&emails=2", "Home"],
      ["/es/", "Inicio"],
      ["/pricing?token=s3cr3t", "Pricing"],
      ["/es/pricing?email=ana%40example.com", "Precios"],
    ])("answers %s as before: the page itself, revalidated by ETag", async (url, title) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`<h1>${title}</h1>`);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    });

    it("applies the language rule first, keeping the link's query", async () => {
      const response = await app.inject({ url: "/?token=s3cr3t", headers: { cookie: "language=es" } });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe("/es/?token=s3cr3t");
    });
  });

  it("answers 304 to a request that holds the current ETag, and the page to one that holds an old one", async () => {
    const first = await app.inject({ url: "/pricing", headers: { "accept-encoding": "br" } });
    const again = await app.inject({ url: "/pricing", headers: { "accept-encoding": "br", "if-none-match": first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(first.headers.etag);
    const stale = await app.inject({ url: "/pricing", headers: { "accept-encoding": "br", "if-none-match": '"old-build"' } });
    expect(stale.statusCode).toBe(200);
    expect((await app.inject({ url: "/pricing", headers: { "if-none-match": "*" } })).statusCode).toBe(304);
  });

  it("sends the build's brotli copy, else its gzip copy, else the file itself, each with its own ETag", async () => {
    const br = await app.inject({ url: "/es/pricing", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding, Cookie, Accept-Language");
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain("<h1>Precios</h1>");
    const gz = await app.inject({ url: "/es/pricing", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toContain("<h1>Precios</h1>");
    const plain = await app.inject({ url: "/es/pricing", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("<h1>Precios</h1>");
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
    const refused = await app.inject({ url: "/es/pricing", headers: { "accept-encoding": "br;q=0, gzip" } });
    expect(refused.headers["content-encoding"]).toBe("gzip");
    const refusedInCapitals = await app.inject({ url: "/es/pricing", headers: { "accept-encoding": "br;Q=0, gzip;Q=0.0" } });
    expect(refusedInCapitals.headers["content-encoding"]).toBeUndefined();
  });

  it.each([
    ["/no/such/page", "Oops! Page not found", "en"],
    ["/pricing/extra", "Oops! Page not found", "en"],
    ["/blog/no-such-post", "Oops! Page not found", "en"],
    ["/es/no/existe", "¡Ups! Página no encontrada", "es"],
    ["/es/blog/no-such-post", "¡Ups! Página no encontrada", "es"],
  ])("answers the unknown address %s with the not-found page and 404, in its language", async (url, heading, lang) => {
    const response = await app.inject({ url, headers: { "accept-encoding": "br" } });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const html = brotliDecompressSync(response.rawPayload).toString();
    expect(html).toContain(`<h1>${heading}</h1>`);
    expect(html).toContain(`<html lang="${lang}">`);
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("sends /es to the Spanish home's address /es/, and a trailing slash to the page without it", async () => {
    const es = await app.inject("/es?x=1");
    expect(es.statusCode).toBe(301);
    expect(es.headers.location).toBe("/es/?x=1");
    const slash = await app.inject("/pricing/");
    expect(slash.statusCode).toBe(301);
    expect(slash.headers.location).toBe("/pricing");
    const slashes = await app.inject("/pricing///?x=1");
    expect(slashes.statusCode).toBe(301);
    expect(slashes.headers.location).toBe("/pricing?x=1");
  });

  describe("addresses in .html (old links, guesses)", () => {
    it.each([
      ["/index.html", "/"],
      ["/index.html?utm_source=mail&x=1", "/?utm_source=mail&x=1"],
      ["/es/index.html", "/es/"],
      ["/es/index.html?x=1", "/es/?x=1"],
      ["/pricing.html", "/pricing"],
      ["/pricing.html?plan=family", "/pricing?plan=family"],
      ["/es/pricing.html", "/es/pricing"],
      ["/blog/some-post.html", "/blog/some-post"],
      ["/payment-success.html?session_id=cs_1", "/payment-success?session_id=cs_1"],
      ["/es/index.html?token=s3cr3t", "/es/?token=s3cr3t"],
      // Written by hand or by another server's habits: any case of the extension, a folder's index.
      ["/pricing.HTML", "/pricing"],
      ["/es/pricing.Html?x=1", "/es/pricing?x=1"],
      ["/INDEX.HTML", "/"],
      ["/es/Index.html", "/es/"],
      ["/blog/index.html", "/blog"],
      ["/blog/index.HTML?page=2", "/blog?page=2"],
      ["/blog/some-post/index.html", "/blog/some-post"],
    ])("moves %s to its page, %s, for good (301), its query kept", async (url, target) => {
      for (const method of ["GET", "HEAD"] as const) {
        const response = await app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(301);
        expect(response.headers.location).toBe(target);
      }
    });

    it.each([
      ["/no-such-page.html", "Oops! Page not found", "en"],
      ["/portal-redirect.html", "Oops! Page not found", "en"],
      ["/404.html", "Oops! Page not found", "en"],
      ["/es/blog/index.html", "¡Ups! Página no encontrada", "es"],
      ["/no-such-folder/index.html", "Oops! Page not found", "en"],
      ["/pricing/.html", "Oops! Page not found", "en"],
      ["/.html", "Oops! Page not found", "en"],
      ["/PRICING.HTML", "Oops! Page not found", "en"],
      ["/es/no-existe.html", "¡Ups! Página no encontrada", "es"],
      ["/es/portal-redirect.html", "¡Ups! Página no encontrada", "es"],
      ["/es/404.html?x=1", "¡Ups! Página no encontrada", "es"],
    ])("answers %s, no page's file name, with the not-found page and 404 in its language, not JSON", async (url, heading, lang) => {
      const response = await app.inject({ url, headers: { "accept-encoding": "br" } });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      const html = brotliDecompressSync(response.rawPayload).toString();
      expect(html).toContain(`<h1>${heading}</h1>`);
      expect(html).toContain(`<html lang="${lang}">`);
      expect((await app.inject({ method: "HEAD", url })).statusCode).toBe(404);
    });

    it("keeps the language rule after the move: a Spanish visitor of /pricing.html ends on /es/pricing", async () => {
      const moved = await app.inject({ url: "/pricing.html", headers: { cookie: "language=es" } });
      expect(moved.statusCode).toBe(301);
      expect(moved.headers.location).toBe("/pricing");
      const unknown = await app.inject({ url: "/no-such-page.html", headers: { cookie: "language=es" } });
      expect(unknown.statusCode).toBe(302);
      expect(unknown.headers.location).toBe("/es/no-such-page.html");
    });
  });

  describe("doubled slashes in a page's address", () => {
    it.each([
      ["/es//", "/es/"],
      ["/es//?x=1", "/es/?x=1"],
      ["//", "/"],
      ["//?utm_source=mail", "/?utm_source=mail"],
      ["//pricing", "/pricing"],
      ["/es//pricing?plan=family", "/es/pricing?plan=family"],
      ["///es///pricing//", "/es/pricing"],
      ["//es", "/es/"],
      ["/blog//some-post", "/blog/some-post"],
      ["//pricing.html?x=1", "/pricing?x=1"],
      ["/es//index.html", "/es/"],
      ["/es//?token=s3cr3t", "/es/?token=s3cr3t"],
    ])("moves %s to the page's single-slash address %s (301), its query kept", async (url, target) => {
      for (const method of ["GET", "HEAD"] as const) {
        const response = await app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(301);
        expect(response.headers.location).toBe(target);
      }
    });

    it.each([
      ["//no/such/page", "en"],
      ["/es//no-existe", "es"],
      ["//es/no-existe", "es"],
      ["//pricing/extra", "en"],
    ])("answers %s, no page once its slashes are single, with the not-found page in its language", async (url, lang) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.body).toContain(`<html lang="${lang}">`);
      expect(response.headers.location).toBeUndefined();
    });

    it("never sends a visitor to another site: //host is another site to a browser", async () => {
      for (const url of ["//evil.com", "//evil.com/", "///evil.com", "//evil.com/pricing", "//evil.com?x=1", "//evil.com//", "//evil.com/es/", "/es//evil.com", "//evil.com.html", "//evil.com/pricing.html"]) {
        const response = await app.inject(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.headers.location, url).toBeUndefined();
        // The language rule moves the visitor, but always within this site.
        for (const cookie of ["language=es", "language=en"]) {
          const moved = await app.inject({ url, headers: { cookie } });
          if (moved.statusCode !== 404) {
            expect(moved.statusCode, `${url} ${cookie}`).toBe(302);
            expect(moved.headers.location, `${url} ${cookie}`).toMatch(/^\/(?![/\\])/);
          }
        }
      }
    });
  });

  it("answers a path of a long run of slashes as any unknown path (the trailing-slash rule once took 0.2 s of the event loop on 16 KB of them)", async () => {
    const response = await app.inject(`/${"/".repeat(16_000)}a/`);
    expect(response.statusCode).toBe(404);
    // A megabyte, in a child process: a stuck regular expression cannot be interrupted in this one, and the old
    // rule rescanned the run from each slash (minutes). The minute is only a bound on a hang.
    const probe = spawnSync(
      process.execPath,
      ["--import", "tsx", "-e", `import("#server/plugins/site").then((m) => process.exit(m.withoutTrailingSlashes("/" + "/".repeat(1e6) + "a/") === "/" + "/".repeat(1e6) + "a" ? 0 : 1))`],
      { timeout: 60_000 },
    );
    expect({ status: probe.status, signal: probe.signal }, probe.stderr.toString()).toEqual({ status: 0, signal: null });
  });

  it("says noindex in X-Robots-Tag on the pages out of search (as their heads do), and on no other answer", async () => {
    for (const url of ["/payment-success", "/payment-success?session_id=cs_1", "/es/payment-success", "/no/such/page", "/es/no/existe", "/?token=s3cr3t", "/es/?email=ana%40example.com"]) {
      for (const method of ["GET", "HEAD"] as const) {
        const response = await app.inject({ method, url, headers: { "accept-encoding": "br" } });
        expect(response.statusCode, url).toBeLessThan(500);
        expect(response.headers["x-robots-tag"], `${method} ${url}`).toBe("noindex");
      }
    }
    const first = await app.inject({ url: "/payment-success", headers: { "accept-encoding": "br" } });
    const again = await app.inject({ url: "/payment-success", headers: { "accept-encoding": "br", "if-none-match": first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.headers["x-robots-tag"]).toBe("noindex");
    for (const url of ["/", "/pricing", "/es/", "/es/pricing", "/blog/some-post", "/logo.svg", "/sitemap.xml", "/api/health"]) {
      expect((await app.inject(url)).headers["x-robots-tag"], url).toBeUndefined();
    }
  });

  it("caches a content-hashed asset for a year, as immutable, compressed", async () => {
    const response = await app.inject({ url: "/assets/pricing-page-Ab12Cd34.js", headers: { "accept-encoding": "br" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // A file is the same for every visitor: only the coding picks it.
    expect(response.headers.vary).toBe("Accept-Encoding");
  });

  describe("the language rule, before any page is sent (product.md SITE-1, decision 013)", () => {
    const cookie = (language: string) => `theme=dark; language=${language}; other=1`;
    it.each([
      // [address, saved choice (cookie), Accept-Language, where the visitor goes (null: the page itself)]
      ["/pricing", undefined, "es-ES,es;q=0.9,en;q=0.8", "/es/pricing"],
      ["/pricing?plan=family&x=1", undefined, "es", "/es/pricing?plan=family&x=1"],
      ["/", undefined, "es-419", "/es/"],
      ["/", cookie("es"), "en-US,en;q=0.9", "/es/"],
      ["/es/pricing", cookie("en"), "es-ES", "/pricing"],
      ["/es/", cookie("en"), undefined, "/"],
      ["/no/such/page", undefined, "es-MX", "/es/no/such/page"],
      ["/es/no/existe", cookie("en"), "es", "/no/existe"],
      // Always to this site: "//host" would be another site to a browser (an open redirect).
      ["/es//evil.example/path", cookie("en"), undefined, "/evil.example/path"],
      ["/es/\\evil-example/x", cookie("en"), undefined, "/evil-example/x"],
      // The most wanted language decides, whatever the header's order.
      ["/pricing", undefined, "en;q=0.5, es-US", "/es/pricing"],
      ["/pricing", undefined, "fr-FR, es;q=0.9", null],
      ["/pricing", undefined, "es;q=0, en", null],
      // A saved choice wins over the browser; an unknown one is no choice.
      ["/pricing", cookie("en"), "es-ES", null],
      ["/es/pricing", cookie("es"), "en-US", null],
      ["/es/pricing", cookie("fr"), "en-US", null],
      ["/pricing", cookie("fr"), "es", "/es/pricing"],
      // No saved choice and no Spanish browser (a crawler, a shared link): stays where it landed.
      ["/es/pricing", undefined, undefined, null],
      ["/es/pricing", undefined, "en-US", null],
      ["/blog/some-post", undefined, "*", null],
    ])("%s, cookie %s, Accept-Language %s: goes to %s", async (url, cookieHeader, acceptLanguage, target) => {
      const headers: Record<string, string> = { "accept-encoding": "br" };
      if (cookieHeader) headers.cookie = cookieHeader;
      if (acceptLanguage) headers["accept-language"] = acceptLanguage;
      for (const method of ["GET", "HEAD"] as const) {
        const response = await app.inject({ method, url, headers });
        if (target === null) {
          expect(response.statusCode).toBe(200);
          expect(response.headers.vary).toBe("Accept-Encoding, Cookie, Accept-Language");
        } else {
          expect(response.statusCode).toBe(302);
          expect(response.headers.location).toBe(target);
          expect(response.headers.vary).toBe("Cookie, Accept-Language");
          expect(response.headers["cache-control"]).toBe("no-cache");
        }
      }
    });

    it("moves a visitor before a cached page's revalidation: an old ETag is no way to keep the other language", async () => {
      const english = await app.inject({ url: "/pricing", headers: { "accept-encoding": "br" } });
      const response = await app.inject({ url: "/pricing", headers: { "accept-encoding": "br", cookie: "language=es", "if-none-match": english.headers.etag as string } });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe("/es/pricing");
    });

    it("never moves a file, whatever the visitor's language", async () => {
      const response = await app.inject({ url: "/logo.svg", headers: { cookie: "language=es", "accept-language": "es" } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("image/svg+xml");
    });
  });

  it("lets other sites show the public images (/images/*) and nothing else: Cross-Origin-Resource-Policy cross-origin there only", async () => {
    const image = await app.inject("/images/og-en.png");
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    // Only that header differs from every other answer's security headers.
    const logo = await app.inject("/logo.svg");
    const security = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => /^(cross-origin|content-security|x-|strict-transport|referrer|origin-agent)/.test(name)));
    expect(security(image.headers)).toEqual({ ...security(logo.headers), "cross-origin-resource-policy": "cross-origin" });
    for (const url of ["/", "/es/pricing", "/logo.svg", "/assets/pricing-page-Ab12Cd34.js", "/api/health", "/api/no-such-call", "/images/none.png"]) {
      expect((await app.inject(url)).headers["cross-origin-resource-policy"], url).toBe("same-origin");
    }
  });

  it("caches other public files for an hour", async () => {
    const response = await app.inject("/logo.svg");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/svg+xml");
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it.each(["/assets/pricing-page-OldBuild.js", "/assets/index-OldBuild.css", "/assets/index-OldBuild.html", "/favicon.ico", "/blog/feed.xml", "/pages.json", "/index.html.br", "/.vite/manifest.json", "/server/main.mjs", "/server/migrations/0000_init.sql"])(
    "answers %s, a file this build does not serve, with the JSON 404 instead of a page",
    async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/application\/json/);
      expect(response.json()).toEqual({ error: { code: "not_found", message: expect.stringContaining(url) } });
    },
  );

  it("answers a POST to a site route with the JSON 404", async () => {
    for (const url of ["/pricing", "/pricing.html"]) {
      const response = await app.inject({ method: "POST", url, payload: {} });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe("not_found");
    }
  });

  it("keeps unknown /api paths JSON 404s", async () => {
    const response = await app.inject("/api/no-such-call");
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("not_found");
  });

  it("answers a page address holding a NUL as an unknown page (404), its files route checking no input", async () => {
    for (const url of ["/pric%00ing", "/es/pric%00ing", "/blog/%00", "/assets/app%00.js"]) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
    }
    expect((await app.inject("/pric%00ing")).body).toContain("Oops! Page not found");
    expect((await app.inject("/es/pric%00ing")).body).toContain("¡Ups! Página no encontrada");
    // The files route checks no input (it looks nothing up with the request); the API's routes still do.
    expect((await app.inject("/api/service_area/331%0031")).statusCode).toBe(400);
  });
});

describe(`the build's files and pages answered ahead of Fastify's routing, over a socket (${testDriver})`, () => {
  const root = mkdtempSync(path.join(tmpdir(), "site-"));
  let app: Awaited<ReturnType<typeof buildApp>>;
  let port = 0;
  /** Requests that went through Fastify's routing (its onRequest hooks), counted. */
  let throughFastify = 0;
  const lines: string[] = [];

  beforeAll(async () => {
    writeTree(root);
    const database = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info", PUBLIC_URL: buildOrigin, RECONCILE_INTERVAL_MS: "0", SITE_ROOT: root });
    app = await buildApp({ config, database, logger: { ...loggerOptions(config), stream: { write: (line: string) => lines.push(line) } } });
    app.addHook("onClose", () => database.close());
    app.addHook("onRequest", async () => {
      throughFastify++;
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const files = ["/", "/?utm_source=mail", "/?token=s3cr3t", "/es/?email=ana%40example.com", "/pricing", "/pricing?plan=family", "/es/pricing", "/payment-success", "/blog/some-post", "/assets/pricing-page-Ab12Cd34.js", "/logo.svg", "/images/og-en.png", "/sitemap.xml"];
  /** Requests the language rule keeps on `url`'s page: no choice, an English browser, or a choice of its language. */
  const asks = (url: string): Record<string, string>[] => [
    {},
    { "accept-encoding": "gzip, deflate, br" },
    { "accept-encoding": "gzip" },
    { "accept-encoding": "br;q=0, gzip" },
    { "accept-encoding": "br", "accept-language": "en-US,en;q=0.9" },
    { "accept-encoding": "br", cookie: `language=${url.startsWith("/es/") ? "es" : "en"}`, "accept-language": "es" },
  ];

  it("answers every file and page, in each coding, to GET and HEAD, with the very bytes and headers of Fastify's route, never entering it", async () => {
    for (const url of files) {
      for (const headers of asks(url)) {
        for (const method of ["GET", "HEAD"]) {
          const before = throughFastify;
          const sent = await overSocket(port, method, url, headers);
          expect(throughFastify - before, `${method} ${url} ${JSON.stringify(headers)}`).toBe(0);
          const routed = await app.inject({ method: method as "GET" | "HEAD", url, headers });
          expect(sent.status).toBe(200);
          expect(sent.status).toBe(routed.statusCode);
          expect(answerHeaders(sent.headers), `${method} ${url} ${JSON.stringify(headers)}`).toEqual(answerHeaders(routed.headers));
          expect(sent.body.equals(routed.rawPayload)).toBe(true);
          expect(sent.headers["content-security-policy"]).toContain("script-src 'self'");
          expect(sent.headers["cross-origin-resource-policy"]).toBe(url.startsWith("/images/") ? "cross-origin" : "same-origin");
        }
      }
    }
  });

  it("answers 304 to the current ETag as Fastify's route does, and the page to an old one", async () => {
    for (const headers of asks("/es/pricing")) {
      const first = await overSocket(port, "GET", "/es/pricing", headers);
      for (const ifNoneMatch of [String(first.headers.etag), `W/${String(first.headers.etag)}`, `"old", ${String(first.headers.etag)}`, '"old-build"']) {
        const asked = { ...headers, "if-none-match": ifNoneMatch };
        const before = throughFastify;
        const sent = await overSocket(port, "GET", "/es/pricing", asked);
        expect(throughFastify - before).toBe(0);
        const routed = await app.inject({ url: "/es/pricing", headers: asked });
        expect(sent.status).toBe(ifNoneMatch === '"old-build"' ? 200 : 304);
        expect(sent.status).toBe(routed.statusCode);
        expect(answerHeaders(sent.headers)).toEqual(answerHeaders(routed.headers));
        expect(sent.body.equals(routed.rawPayload)).toBe(true);
      }
    }
  });

  it.each([
    ["GET", "/pricing", { "accept-language": "es-ES" }, 302],
    ["GET", "/es/", { cookie: "language=en" }, 302],
    ["GET", "/es", {}, 301],
    ["GET", "/pricing/", {}, 301],
    ["GET", "/no/such/page", {}, 404],
    ["GET", "/pric%00ing", {}, 404],
    ["GET", "/assets/index-OldBuild.css", {}, 404],
    ["POST", "/pricing", {}, 404],
    ["GET", "/pricing.html", {}, 301],
    ["GET", "/portal-redirect.html", {}, 404],
    ["GET", "/api/service_area/Brickell", {}, 200],
  ])("leaves %s %s (%o) to Fastify, which answers %d", async (method, url, headers, status) => {
    const before = throughFastify;
    const sent = await overSocket(port, method, url, headers);
    expect(throughFastify - before).toBe(1);
    expect(sent.status).toBe(status);
  });

  it("never sends a visitor to another site over a real socket either, whatever the slashes (a backslash is a slash to a browser)", async () => {
    for (const url of ["//evil.com", "/\\evil.com", "/\\/evil.com", "//evil.com/", "/\\evil.com/pricing", "//\\evil.com", "/es//\\evil.com"]) {
      for (const headers of [{}, { cookie: "language=es" }, { cookie: "language=en" }] as Record<string, string>[]) {
        const sent = await overSocket(port, "GET", url, headers);
        const location = sent.headers.location;
        if (location !== undefined) expect(location, `${url} ${JSON.stringify(headers)}`).toMatch(/^\/(?![/\\])/);
        expect([302, 404], `${url} ${JSON.stringify(headers)}`).toContain(sent.status);
      }
    }
    const moved = await overSocket(port, "GET", "/es//", {});
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe("/es/");
  });

  it("logs each answer it sends in one line, as Fastify logs a request, its URL's secrets and e-mails masked", async () => {
    lines.length = 0;
    await overSocket(port, "GET", "/pricing?token=s3cr3t-token&email=ana%40example.com", { "accept-encoding": "br" });
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; req?: { method: string; url: string }; res?: { statusCode: number } });
    const completed = logged.filter((line) => line.msg === "request completed");
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ req: { method: "GET" }, res: { statusCode: 200 } });
    expect(completed[0]!.req!.url).toMatch(/^\/pricing\?token=\[redacted\]&email=/);
    expect(lines.join("\n")).not.toMatch(/s3cr3t-token|ana%40example|ana@example/);
  });
});

describe(`a build made for another origin (${testDriver})`, () => {
  const root = mkdtempSync(path.join(tmpdir(), "site-"));
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    writeTree(root);
    app = await buildTestApp({ SITE_ROOT: root, PUBLIC_URL: "https://freshfold.example" });
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("states the server's own origin in canonical links and the sitemap, compressed copies included", async () => {
    const html = await app.inject({ url: "/pricing", headers: { "accept-encoding": "br" } });
    const text = brotliDecompressSync(html.rawPayload).toString();
    expect(text).toContain('href="https://freshfold.example/x"');
    expect(text).not.toContain(buildOrigin);
    const sitemap = await app.inject("/sitemap.xml");
    expect(sitemap.body).toContain("<loc>https://freshfold.example/</loc>");
  });
});
