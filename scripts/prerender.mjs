// Pre-renders every page of the site in both languages (product.md SITE-7) into the browser build (scripts/build.mjs runs it):
// English at the spec's paths, Spanish under /es/, the not-found page in each, sitemap.xml and robots.txt,
// then brotli and gzip copies of every text file. dist/pages.json tells the server what is where, and which
// pages are out of search (noindex).
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { criticalCss } from "./critical-css.mjs";

/** The origin written into canonical links and the sitemap; the server rewrites it if it runs elsewhere. */
export const buildOrigin = (env = process.env) => (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, "");

/** Where a page's HTML lives in the build: "/" → index.html, "/es/pricing" → es/pricing.html. */
export const pageFile = (url) => (url.endsWith("/") ? `${url.slice(1)}index.html` : `${url.slice(1)}.html`);

const compressible = /\.(html|js|mjs|css|svg|xml|txt|json)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function walk(dir, root = dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file, root) : [path.relative(root, file).split(path.sep).join("/")];
  });
}

const escapeXml = (value) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export async function prerender({ outDir, ssrDir, origin = buildOrigin() }) {
  process.env.NODE_ENV = "production";
  const server = await import(pathToFileURL(path.join(ssrDir, "entry-server.js")).href);
  let template = readFileSync(path.join(outDir, "index.html"), "utf8");
  if (!template.includes("<!--page-html-->")) throw new Error(`${outDir}/index.html is not the page template`);

  // The site's one style sheet: each page carries inline the rules its own HTML can use (its critical CSS,
  // scripts/critical-css.mjs), so a first paint waits for no request and parses about half the sheet; the whole
  // sheet follows at the end of the body, where it holds back no paint, for what the page's code renders later
  // (a parser-inserted sheet is loaded before the page's scripts run). Client-side navigation needs no other
  // sheet (vite.config.ts: cssCodeSplit off, so no lazy chunk asks for one).
  const sheets = [...template.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)">/g)];
  if (sheets.length !== 1) throw new Error(`${outDir}/index.html names ${sheets.length} style sheets, not 1`);
  const sheetFile = sheets[0][1];
  const css = readFileSync(path.join(outDir, sheetFile), "utf8").trim();
  if (/<\/style/i.test(css)) throw new Error(`${sheetFile} holds "</style": it cannot go inline`);
  template = template.replace(sheets[0][0], "<!--critical-css-->");
  const withStyles = (html) =>
    html
      .replace("<!--critical-css-->", () => `<style>${criticalCss(css, html)}</style>`)
      .replace("</body>", `<link rel="stylesheet" href="/${sheetFile}">\n  </body>`);

  // What a page needs before it can hydrate, beyond the entry script: the entry's imports, the page's code,
  // its static imports and its catalogs in its language, all fetched at once, not one after the other
  // (vite.config.ts leaves preloading to this).
  const build = JSON.parse(readFileSync(path.join(outDir, ".vite", "manifest.json"), "utf8"));
  const closure = (key, files = new Set()) => {
    const chunk = build[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest (src/app/router.tsx names a page's module)`);
    if (!files.has(chunk.file)) {
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) closure(imported, files);
    }
    return files;
  };
  const entries = Object.keys(build).filter((key) => build[key].isEntry);
  const entryScripts = new Set(entries.map((key) => build[key].file));
  const preloads = (pagePath, language, extra = { module: undefined, catalogs: [] }) => {
    const { module, catalogs } = server.pageCode(pagePath);
    const modules = [...entries, module, ...(extra.module ? [extra.module] : [])];
    const files = new Set(modules.flatMap((key) => [...closure(key)]).filter((file) => !entryScripts.has(file)));
    for (const catalog of [...catalogs, ...extra.catalogs]) files.add(build[`locales/${language}/${catalog}.ts`]?.file ?? "");
    if (files.has("")) throw new Error(`${pagePath}: a catalog of ${catalogs.join(", ")} is not in the build manifest`);
    return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join("\n    ");
  };

  const manifest = { origin, pages: [], portalRedirect: [] };
  const html = (language, rendered, prerendered, pagePath, extraCode) =>
    withStyles(template
      .replace("</head>", () => `  ${preloads(pagePath, language, extraCode)}\n  </head>`)
      .replace('<html lang="en">', `<html lang="${language}">`)
      // Functions, not strings: a page's text may hold "$$" or "$&", which a replacement string would read as patterns.
      .replace(/<!--page-head-->[\s\S]*<!--\/page-head-->/, () => rendered.head)
      .replace('<div id="root"><!--page-html--></div>', () => `<div id="root" data-prerendered="${prerendered}">${rendered.html}</div>`));
  const writeFile = (file, body) => {
    mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
    writeFileSync(path.join(outDir, file), body);
  };
  const write = (url, status, language, rendered, prerendered, pagePath) => {
    const file = pageFile(url);
    writeFile(file, html(language, rendered, prerendered, pagePath));
    manifest.pages.push({ url, file, status, language, noindex: rendered.noindex });
  };

  const problems = [];
  const addressOf = (pagePath, language) => server.pathInLanguage(pagePath, language);
  for (const language of server.languages) {
    for (const page of server.sitePages) {
      const rendered = await server.renderPage(page.path, language, origin);
      const url = addressOf(page.path, language);
      if (rendered.missing.length) problems.push(`${url}: ${rendered.missing.length} messages missing from its catalogs`);
      if (rendered.status !== 200) problems.push(`${url}: status ${rendered.status}`);
      if (/<script(?![^>]*type="application\/(ld\+)?json")/.test(rendered.html)) problems.push(`${url}: an inline script (the CSP refuses it)`);
      write(url, 200, language, rendered, page.prerendered, page.path);
    }
    // The not-found page stands for any unknown address: always rendered afresh in the browser.
    const notFound = await server.renderPage(server.notFoundPath, language, origin);
    if (notFound.missing.length) problems.push(`not-found (${language}): messages missing`);
    write(language === "es" ? "/es/404" : "/404", 404, language, notFound, "none", server.notFoundPath);

    // Home as the billing portal's link opens it (?token=, ?email=): the redirecting state, which the server answers
    // in place of home (server/plugins/site.ts). Rendered afresh in the browser (a query string), whose first render
    // shows the same; it preloads the redirect's code and catalog too, which it needs at once.
    const redirecting = await server.renderPortalRedirect(language, origin);
    const home = addressOf("/", language);
    if (redirecting.missing.length) problems.push(`${home} (portal redirect): ${redirecting.missing.length} messages missing from its catalogs`);
    if (redirecting.status !== 200) problems.push(`${home} (portal redirect): status ${redirecting.status}`);
    if (/<script(?![^>]*type="application\/(ld\+)?json")/.test(redirecting.html)) problems.push(`${home} (portal redirect): an inline script (the CSP refuses it)`);
    const file = language === "es" ? "es/portal-redirect.html" : "portal-redirect.html";
    writeFile(file, html(language, redirecting, "shell", "/", server.portalRedirectCode));
    manifest.portalRedirect.push({ url: home, file, language, noindex: redirecting.noindex });
  }
  if (problems.length) throw new Error(`Pre-rendering failed:\n${problems.join("\n")}`);

  // Both languages of every indexed page, each with its alternates (sitemaps.org + hreflang).
  const indexed = server.sitePages.filter((page) => page.indexed);
  const urls = indexed.flatMap((page) =>
    server.languages.map((language) => {
      const alternates = [...server.languages.map((l) => [l, addressOf(page.path, l)]), ["x-default", addressOf(page.path, "en")]]
        .map(([hreflang, href]) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(origin + href)}"/>`)
        .join("\n");
      return `  <url>\n    <loc>${escapeXml(origin + addressOf(page.path, language))}</loc>\n${alternates}\n  </url>`;
    }),
  );
  writeFileSync(
    path.join(outDir, "sitemap.xml"),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`,
  );
  // Only what is no page: the sandbox, the API, the development tools. Pages kept out of search (the payment
  // returns, the not-found page) stay open to crawlers, which must fetch them to read their noindex (and the
  // sign-up's query strings their canonical address).
  const disallow = ["/sandbox/", "/api/", "/dev/"];
  writeFileSync(path.join(outDir, "robots.txt"), `User-agent: *\n${disallow.map((p) => `Disallow: ${p}`).join("\n")}\n\nSitemap: ${origin}/sitemap.xml\n`);
  writeFileSync(path.join(outDir, "pages.json"), `${JSON.stringify(manifest, null, 2)}\n`);

  // Pre-compressed copies, served by the server as they are (server/plugins/site.ts).
  const files = walk(outDir).filter((file) => compressible.test(file) && file !== "pages.json");
  await Promise.all(
    files.map(async (file) => {
      const body = readFileSync(path.join(outDir, file));
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzipAsync(body, { level: 9 }),
      ]);
      if (br.length < body.length) writeFileSync(path.join(outDir, `${file}.br`), br);
      if (gz.length < body.length) writeFileSync(path.join(outDir, `${file}.gz`), gz);
    }),
  );
  return { pages: manifest.pages.length };
}
