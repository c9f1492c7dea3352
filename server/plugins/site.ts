// Serves the built site like static files, from memory: every pre-rendered page at its address (English at
// the spec's paths, Spanish under /es/), the build's files, each in the brotli or gzip copy the build made.
// Pages are revalidated with an ETag (304); content-hashed assets are immutable. Unknown addresses answer
// the not-found page with 404, in Spanish under /es/; a file the build lacks and unknown /api paths, JSON 404s.
// An address in .html is a page's: a page's file name (/pricing.html, /index.html) is moved to the page (301),
// any other is the not-found page. A page's address with doubled slashes (/es//) is moved to the page's own.
// Home opened by the billing portal's link (/ or /es/ with ?token= or ?email=, product.md PAY-8) is its own
// pre-rendered page, the redirecting state, never stored by any cache (no-store, no ETag): it never stands for home.
// A page out of search (its head says noindex: the payment returns, the not-found page, the redirecting state)
// says so in X-Robots-Tag too.
// A page is first the language rule's (product.md SITE-1, decision 013): a visitor whose saved choice (its
// cookie) or browser says the other language is sent to the same page at that language's address.
import fp from "fastify-plugin";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { IncomingHttpHeaders } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errorBody } from "../errors";
import { answerLog, type FirstAnswer } from "../first-answer";
import { publicOrigin } from "../config";
import { acceptedLanguages, languageInCookie, languageOfPath, languageRedirect } from "../../src/i18n/languages";

const apiPrefixes = ["/api/", "/sandbox/", "/dev/"];
/** Vite's content-hashed output: a new build gets new names, so these never change under their URL. */
const hashedAssets = "/assets/";
/**
 * The public images (public/images/), which other sites show: link previews (og:image) in a web client, the
 * welcome e-mail's logo in webmail. Their Cross-Origin-Resource-Policy is cross-origin; everything else keeps
 * helmet's same-origin (plugins/security.ts).
 */
const sharedImages = "/images/";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

interface Variant {
  body: Buffer;
  etag: string;
}

/** One answer, ready to send: the body and its pre-compressed copies, each with its own strong ETag. */
export interface StaticEntry {
  type: string;
  cacheControl: string;
  status: number;
  /** A page (HTML), which the language rule applies to; not a file. */
  page: boolean;
  /** Answered 304 to a request holding its ETag; false for an answer no cache may keep (no ETag is sent). */
  validated: boolean;
  /** What else than the address picks the answer: the coding, and for a page the language rule's inputs. */
  vary?: string;
  /** Other origins may load it (Cross-Origin-Resource-Policy: cross-origin): a public image. */
  crossOrigin?: boolean;
  /** A page out of search results (its head says noindex): X-Robots-Tag says it too. */
  noindex?: boolean;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

interface Manifest {
  origin: string;
  pages: Array<{ url: string; file: string; status: number; language: "en" | "es"; noindex?: boolean }>;
  /** Home as the billing portal's link opens it, at home's address in each language (scripts/prerender.mjs). */
  portalRedirect?: Array<{ url: string; file: string; language: "en" | "es"; noindex?: boolean }>;
}

/** Never stored, by the browser or any cache between: it answers a link that carries a token. */
const notStored = "no-store";

/** The path without its trailing slashes, in one pass (/\/+$/ rescans a run of slashes from each of them). */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path[end - 1] === "/") end--;
  return path.slice(0, end);
}

/** The path with each run of slashes as one: /es//pricing is /es/pricing, and //host (another site, to a browser) /host. */
export const singleSlashes = (path: string) => path.replace(/\/{2,}/g, "/");

/**
 * The page address `path` stands for, or `path` itself: a run of slashes is one (/es// is /es/), the Spanish home's
 * address is /es/, a trailing slash elsewhere is the page without it, and a page's file name is its page
 * (/pricing.html and /pricing.HTML are /pricing; /index.html, /es/index.html and /blog/index.html are /, /es/ and
 * /blog). The server answers it with a 301 when
 * it is a page (an old link, a guess, a typo); only a page, so never another site.
 */
export function pageAddress(address: string): string {
  const path = singleSlashes(address);
  if (/\.html$/i.test(path)) {
    const name = path.slice(0, -".html".length);
    if (name.endsWith("/")) return path;
    // A folder's index (/index.html, /es/INDEX.HTML, /blog/index.html) is the folder's page.
    const folder = /\/index$/i.test(name) ? name.slice(0, -"index".length) : null;
    if (folder === null) return name;
    return folder === "/" || folder === "/es/" ? folder : withoutTrailingSlashes(folder);
  }
  if (path === "/es") return "/es/";
  return path.length > 1 && path.endsWith("/") && path !== "/es/" ? withoutTrailingSlashes(path) : path;
}

function walk(dir: string, root = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file, root) : [path.relative(root, file).split(path.sep).join("/")];
  });
}

const tag = (body: Buffer, suffix = "") => `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}${suffix}"`;

function entry(body: Buffer, type: string, cacheControl: string, compressed: { br?: Buffer; gzip?: Buffer }, status = 200): StaticEntry {
  const etag = tag(body);
  const page = type === types[".html"];
  const vary = [compressed.br || compressed.gzip ? "Accept-Encoding" : "", page ? "Cookie, Accept-Language" : ""].filter(Boolean).join(", ");
  return {
    type,
    cacheControl,
    status,
    page,
    validated: cacheControl !== notStored,
    vary: vary || undefined,
    identity: { body, etag },
    br: compressed.br && { body: compressed.br, etag: etag.replace(/"$/, '-br"') },
    gzip: compressed.gzip && { body: compressed.gzip, etag: etag.replace(/"$/, '-gz"') },
  };
}

const readIfExists = (file: string) => (existsSync(file) ? readFileSync(file) : undefined);

/**
 * The build's answers by address. When the server's origin differs from the one the build wrote into
 * canonical links, the sitemap and robots.txt, those files are rewritten (and compressed again) at start-up.
 */
export interface Site {
  files: Map<string, StaticEntry>;
  notFound: Record<"en" | "es", StaticEntry>;
  /** By home's address (/ and /es/): the page answered there to the billing portal's link. */
  portalRedirect: Map<string, StaticEntry>;
}

export function loadSite(root: string, origin: string): Site | null {
  const manifestFile = path.join(root, "pages.json");
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  const rewrite = manifest.origin !== origin;
  const pageFiles = new Set([...manifest.pages, ...(manifest.portalRedirect ?? [])].map((p) => p.file));
  const files = new Map<string, StaticEntry>();

  const load = (file: string, cacheControl: string, status = 200): StaticEntry => {
    const full = path.join(root, file);
    const type = types[path.extname(file)] ?? "application/octet-stream";
    let body = readFileSync(full);
    if (rewrite && /\.(html|xml|txt)$/.test(file)) {
      body = Buffer.from(body.toString("utf8").split(manifest.origin).join(origin));
      return entry(body, type, cacheControl, {
        br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
        gzip: gzipSync(body, { level: 6 }),
      }, status);
    }
    return entry(body, type, cacheControl, { br: readIfExists(`${full}.br`), gzip: readIfExists(`${full}.gz`) }, status);
  };

  for (const file of walk(root)) {
    // Not the site: the build's own records and the server bundle (dist/server/, scripts/build-server.mjs).
    if (file.endsWith(".br") || file.endsWith(".gz") || file === "pages.json" || file === ".build-stamp" || file.startsWith(".vite/") || file.startsWith("server/") || pageFiles.has(file)) continue;
    const url = `/${file}`;
    const cacheControl = url.startsWith(hashedAssets) ? "public, max-age=31536000, immutable" : "public, max-age=3600";
    const answer = load(file, cacheControl);
    files.set(url, url.startsWith(sharedImages) ? { ...answer, crossOrigin: true } : answer);
  }
  const notFound: Partial<Record<"en" | "es", StaticEntry>> = {};
  for (const page of manifest.pages) {
    // A page names the current build's assets: always revalidated (cheaply, by ETag), so a deploy reaches open tabs.
    const answer = { ...load(page.file, "no-cache", page.status), noindex: page.noindex };
    if (page.status === 404) notFound[page.language] = answer;
    else files.set(page.url, answer);
  }
  if (!notFound.en || !notFound.es) throw new Error(`${manifestFile} lacks a not-found page`);
  const portalRedirect = new Map((manifest.portalRedirect ?? []).map((page) => [page.url, { ...load(page.file, notStored), noindex: page.noindex }] as const));
  return { files, notFound: notFound as Record<"en" | "es", StaticEntry>, portalRedirect };
}

function accepts(header: string, coding: string): boolean {
  return header.split(",").some((part) => {
    const [name, ...params] = part.trim().split(";");
    return name!.trim().toLowerCase() === coding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/i.test(p));
  });
}

/** What each Accept-Encoding seen takes: browsers send a handful of values, parsed once each (at most 100 kept). */
const acceptedCodings = new Map<string, { br: boolean; gzip: boolean }>();
const noCoding = { br: false, gzip: false };
function codingsOf(header: string | string[] | undefined) {
  if (typeof header !== "string") return noCoding;
  let known = acceptedCodings.get(header);
  if (!known) {
    if (acceptedCodings.size >= 100) acceptedCodings.clear();
    known = { br: accepts(header, "br"), gzip: accepts(header, "gzip") };
    acceptedCodings.set(header, known);
  }
  return known;
}

/** The copy of `answer` a request takes (brotli, gzip or the file itself), and whether it already holds it (304). */
function chooseVariant(headers: IncomingHttpHeaders, answer: StaticEntry) {
  const accepted = codingsOf(headers["accept-encoding"]);
  const [variant, coding] =
    answer.br && accepted.br ? [answer.br, "br" as const] : answer.gzip && accepted.gzip ? [answer.gzip, "gzip" as const] : [answer.identity, undefined];
  const ifNoneMatch = headers["if-none-match"];
  // "*" matches any current representation (RFC 9110, 13.1.2).
  const notModified =
    answer.status === 200 && answer.validated && !!ifNoneMatch && ifNoneMatch.split(",").some((t) => t.trim() === "*" || t.trim().replace(/^W\//, "") === variant.etag);
  return { variant, coding, notModified };
}

/** An entry's headers besides the security ones, as [name, value] pairs; a 304 has no body, so no coding nor length. */
function entryHeaders(answer: StaticEntry, variant: Variant, coding: "br" | "gzip" | undefined, notModified: boolean): [string, string][] {
  const headers: [string, string][] = [
    ["content-type", answer.type],
    ["cache-control", answer.cacheControl],
  ];
  if (answer.validated) headers.push(["etag", variant.etag]);
  if (answer.vary) headers.push(["vary", answer.vary]);
  if (answer.crossOrigin) headers.push(["cross-origin-resource-policy", "cross-origin"]);
  if (answer.noindex) headers.push(["x-robots-tag", "noindex"]);
  if (!notModified && coding) headers.push(["content-encoding", coding]);
  return headers;
}

export function sendEntry(request: FastifyRequest, reply: FastifyReply, answer: StaticEntry) {
  const { variant, coding, notModified } = chooseVariant(request.headers, answer);
  for (const [name, value] of entryHeaders(answer, variant, coding, notModified)) reply.header(name, value);
  return notModified ? reply.code(304).send() : reply.code(answer.status).send(variant.body);
}

/** What each Accept-Language seen lists, most wanted first (parsed once each, at most 100 kept). */
const acceptedByHeader = new Map<string, string[]>();
function languagesOf(header: string | undefined): string[] {
  if (header === undefined) return [];
  let known = acceptedByHeader.get(header);
  if (!known) {
    if (acceptedByHeader.size >= 100) acceptedByHeader.clear();
    known = acceptedLanguages(header);
    acceptedByHeader.set(header, known);
  }
  return known;
}

/**
 * The page answering `url` in place of the build's page at `pathname`: home's redirecting page when the query has
 * the billing portal's link's token or e-mail (read as src/app/home-route.tsx reads them), else none.
 */
function portalLinkPage(site: Pick<Site, "portalRedirect">, pathname: string, url: string): StaticEntry | undefined {
  const answer = site.portalRedirect.get(pathname);
  const query = url.indexOf("?");
  if (!answer || query === -1) return undefined;
  const params = new URLSearchParams(url.slice(query + 1));
  return params.has("token") || params.has("email") ? answer : undefined;
}

/** Where the language rule sends this request for the page at `pathname`, with its query, or null to stay. */
function languageTarget(headers: IncomingHttpHeaders, url: string, pathname: string): string | null {
  const target = languageRedirect(pathname, languageInCookie(headers.cookie), languagesOf(headers["accept-language"]));
  if (target === null) return null;
  const query = url.indexOf("?");
  return query === -1 ? target : `${target}${url.slice(query)}`;
}

function sendToLanguage(reply: FastifyReply, target: string) {
  // Temporary and per visitor: the same address answers another visitor differently.
  return reply.header("vary", "Cookie, Accept-Language").header("cache-control", "no-cache").redirect(target, 302);
}

export interface SiteOptions {
  root: string;
  /**
   * Takes the answer for requests of the build's own files and pages (app.ts runs it ahead of Fastify's routing).
   * They are static: the same bytes and headers for all, so going through Fastify's hooks and reply cost each
   * such request more than twice what sending it does.
   */
  serveFirst?: (answer: FirstAnswer) => void;
}

export default fp<SiteOptions>(
  async (app, { root, serveFirst }) => {
    const site = loadSite(root, publicOrigin(app.config));
    const notFound = (request: FastifyRequest, reply: FastifyReply) => {
      const [url = "/", query] = request.url.split("?");
      const isApi = url === "/api" || apiPrefixes.some((p) => url.startsWith(p));
      // A file the build does not have (an old build's chunk, a typo) is a 404: answering a page would hand
      // the browser HTML where it expects a script. An address in .html asks for a page, never a script.
      const isFile = url.startsWith(hashedAssets) || (/\.[a-z0-9]+$/i.test(url.slice(url.lastIndexOf("/"))) && !/\.html$/i.test(url));
      if (isApi || isFile || !site || (request.method !== "GET" && request.method !== "HEAD")) {
        return reply.status(404).send(errorBody("not_found", `No route for ${request.method} ${url}`));
      }
      const search = query === undefined ? "" : `?${query}`;
      const page = pageAddress(url);
      if (page !== url && site.files.has(page)) return reply.redirect(`${page}${search}`, 301);
      // No page: the language rule and the not-found page read the address with its slashes single (//es/x is Spanish).
      const path = singleSlashes(url);
      const elsewhere = languageTarget(request.headers, request.url, path);
      if (elsewhere) return sendToLanguage(reply, elsewhere);
      return sendEntry(request, reply, site.notFound[languageOfPath(path)]);
    };
    // One route for every file (the API's own routes are more specific and win): a route per file cost a
    // start-up about a second of registering routes and their hooks, for no faster answer.
    app.get("/*", { config: { staticFiles: true } }, (request, reply) => {
      const end = request.url.indexOf("?");
      const pathname = end === -1 ? request.url : request.url.slice(0, end);
      const answer = site && (portalLinkPage(site, pathname, request.url) ?? site.files.get(pathname));
      if (!answer) return notFound(request, reply);
      const elsewhere = answer.page ? languageTarget(request.headers, request.url, pathname) : null;
      return elsewhere ? sendToLanguage(reply, elsewhere) : sendEntry(request, reply, answer);
    });
    app.setNotFoundHandler(notFound);
    if (site && serveFirst) serveFirst(firstAnswer(app, site));
  },
  { name: "site", dependencies: ["error-handler", "security"] },
);

/**
 * The route above for a GET or HEAD of a file or page the build has, answered straight from memory with headers
 * worked out at start-up: the security headers (plugins/security.ts) and the entry's own, as sendEntry sets them.
 * Anything else (a language move, an unknown address, another method) is left to Fastify. Logged as Fastify logs a
 * request, in one line.
 */
function firstAnswer(app: FastifyInstance, site: Site): FirstAnswer {
  const { files } = site;
  const heads = new Map<Variant, { ok: string[]; notModified: string[] }>();
  for (const answer of [...files.values(), ...site.portalRedirect.values()]) {
    // The security headers, but those the entry sets itself (a public image's Cross-Origin-Resource-Policy).
    const own = new Set(entryHeaders(answer, answer.identity, undefined, false).map(([name]) => name));
    const security = Object.entries(app.securityHeaders).filter(([name]) => !own.has(name)).flat();
    for (const [variant, coding] of [[answer.identity], [answer.br, "br"], [answer.gzip, "gzip"]] as const) {
      if (!variant) continue;
      heads.set(variant, {
        ok: [...security, ...entryHeaders(answer, variant, coding, false).flat(), "content-length", String(variant.body.length)],
        notModified: [...security, ...entryHeaders(answer, variant, coding, true).flat()],
      });
    }
  }
  const log = answerLog(app);
  return (request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    const url = request.url ?? "/";
    const end = url.indexOf("?");
    const pathname = end === -1 ? url : url.slice(0, end);
    const answer = portalLinkPage(site, pathname, url) ?? files.get(pathname);
    if (!answer || (answer.page && languageTarget(request.headers, url, pathname) !== null)) return false;
    const started = performance.now();
    const { variant, notModified } = chooseVariant(request.headers, answer);
    const head = heads.get(variant)!;
    response.writeHead(notModified ? 304 : answer.status, notModified ? head.notModified : head.ok);
    response.end(notModified ? undefined : variant.body);
    log?.(request, response, started);
    return true;
  };
}
