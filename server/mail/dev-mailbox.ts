// The development mailbox: every message the server "sent" without SMTP_URL, as accessible HTML pages
// and as JSON for tests. Registered only outside production.
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { ApiError } from "../errors";
import { devMailbox } from "../db/schema";
import { html, type SafeHtml } from "./html";

const styles = `body{font-family:system-ui,sans-serif;margin:0;padding:24px;color:#1f2937;background:#f7f3ec;line-height:1.5}
main{max-width:960px;margin:0 auto;background:#fff;border-radius:12px;padding:24px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:8px;border-bottom:1px solid #e5e7eb;vertical-align:top}
a{color:#0f766e}a:focus-visible{outline:3px solid #0f766e;outline-offset:2px}
pre{white-space:pre-wrap;background:#f3f4f6;padding:12px;border-radius:8px}iframe{width:100%;height:720px;border:1px solid #e5e7eb;border-radius:8px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}dt{font-weight:bold}dd{margin:0}`;

function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<link rel="icon" type="image/svg+xml" href="/logo.svg"><link rel="stylesheet" href="/dev/mailbox.css"></head>
<body><main>${body}</main></body>
</html>
`.value;
}

/** A message id is digits; one out of the table's integer range is simply no message (404), never a database error. */
const idParams = z.object({ id: z.string().regex(/^\d+$/, "idInvalid") });
const MAX_ID = 2_147_483_647;
const listQuery = z.object({ to: z.string().trim().toLowerCase().max(254).optional() });

const loopback = (address: string | undefined) =>
  !!address && (address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127."));

/** A name this machine answers to by itself: a page elsewhere that rebinds its own name to 127.0.0.1 sends that name. */
export const localName = (hostname: string) => hostname === "localhost" || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);

/** Headers a proxy adds: unless the app trusts its proxy (TRUST_PROXY), one says the request came from elsewhere. */
const proxyHeaders = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-real-ip", "via"];

/**
 * The mailbox is the developer's (product.md SEC-4): it answers only a request from this machine, by its socket and by the
 * address the app believes (so a forwarded client behind a trusted local proxy is refused too), made to a local name
 * (so a web page whose name was rebound to this machine cannot read it either), and through no proxy the app does
 * not trust. Others get a 404. A proxy that adds no header at all is the reason the mailbox also needs a local
 * PUBLIC_URL (./plugin.ts).
 */
export const fromLoopback = (request: FastifyRequest, trustsProxy: boolean) =>
  loopback(request.socket.remoteAddress) &&
  loopback(request.ip) &&
  localName(request.hostname) &&
  (trustsProxy || !proxyHeaders.some((name) => request.headers[name] !== undefined));

const devMailboxRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  app.addHook("onRequest", async (request) => {
    if (!fromLoopback(request, app.config.TRUST_PROXY !== false)) throw new ApiError(404, "not_found", "Not found.");
  });

  async function list(to?: string) {
    const where: SQL[] = [];
    if (to) where.push(sql`lower(${devMailbox.to}) = ${to}`);
    return db.select().from(devMailbox).where(and(...where)).orderBy(desc(devMailbox.id)).limit(200);
  }
  async function one(digits: string) {
    const id = Number(digits);
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw new ApiError(404, "not_found", "No such message in the development mailbox");
    const [row] = await db.select().from(devMailbox).where(eq(devMailbox.id, id));
    if (!row) throw new ApiError(404, "not_found", `No message ${id} in the development mailbox`);
    return row;
  }

  app.get("/dev/mailbox.css", { schema: { hide: true } }, async (_request, reply) => reply.type("text/css; charset=utf-8").send(styles));

  app.get("/dev/mailbox.json", { schema: { hide: true, querystring: listQuery } }, async (request) => {
    const { to } = listQuery.parse(request.query);
    const rows = await list(to);
    return { messages: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
  });

  app.get("/dev/mailbox", { schema: { hide: true, querystring: listQuery } }, async (request, reply) => {
    const { to } = listQuery.parse(request.query);
    const rows = await list(to);
    const body = html`<h1>Development mailbox</h1>
<p>E-mail the server sent while no <code>SMTP_URL</code> is configured (newest first; this page is not served in production).</p>
${
  rows.length === 0
    ? html`<p>No messages yet.</p>`
    : html`<table>
<caption style="text-align:left;font-weight:bold;padding:8px 0">${rows.length} ${rows.length === 1 ? "message" : "messages"}</caption>
<thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead>
<tbody>
${rows.map(
  (r) => html`<tr><td><time datetime="${r.createdAt.toISOString()}">${r.createdAt.toISOString().replace("T", " ").slice(0, 19)} UTC</time></td><td>${r.to}</td><td><a href="/dev/mailbox/${r.id}">${r.subject}</a></td></tr>
`,
)}
</tbody>
</table>`
}
<p><a href="/dev/mailbox.json">The same as JSON</a></p>`;
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(page("Development mailbox", body));
  });

  app.get("/dev/mailbox/:id", { schema: { hide: true, params: idParams } }, async (request, reply) => {
    const row = await one(idParams.parse(request.params).id);
    const body = html`<p><a href="/dev/mailbox">Back to the mailbox</a></p>
<h1>${row.subject}</h1>
<dl>
<dt>From</dt><dd>${row.from}</dd>
<dt>To</dt><dd>${row.to}</dd>
${row.replyTo ? html`<dt>Reply to</dt><dd>${row.replyTo}</dd>` : ""}
<dt>Received</dt><dd><time datetime="${row.createdAt.toISOString()}">${row.createdAt.toISOString()}</time></dd>
</dl>
<h2>HTML version</h2>
<p><a href="/dev/mailbox/${row.id}/html">Open the HTML version on its own</a></p>
<iframe title="HTML version of the message" src="/dev/mailbox/${row.id}/html" sandbox=""></iframe>
<h2>Text version</h2>
<pre>${row.text}</pre>`;
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(page(`${row.subject} · Development mailbox`, body));
  });

  app.get("/dev/mailbox/:id/html", { schema: { hide: true, params: idParams } }, async (request, reply) => {
    const row = await one(idParams.parse(request.params).id);
    // The e-mail as a mail client would show it: its inline styles, never a script.
    return reply
      .type("text/html; charset=utf-8")
      .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https:; frame-ancestors 'self'")
      .header("cache-control", "no-store")
      .send(row.html);
  });
};

export default devMailboxRoutes;
