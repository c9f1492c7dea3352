// The sandbox provider's hosted pages: checkout and billing portal, in both languages, accessible, with no
// inline script or style, and the outcomes of pay, decline, bad card, cancel and expiry.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Window } from "happy-dom";
import { signWelcomeToken } from "#server/auth/portal-access";
import { testDriver } from "./helpers/database";
import { fromSite, buildApiApp, ORIGIN, openCheckout, payWithCard, signupClient, type ApiApp, type TestClock } from "./helpers/api";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's violations on a page (happy-dom has no layout, so colour contrast is not judged here). */
async function axeViolations(html: string): Promise<string[]> {
  const window = new Window({ url: `${ORIGIN}/sandbox/` });
  try {
    window.document.write(html);
    window.eval(axeSource);
    const axe = (window as unknown as { axe: { run: (context: unknown, options: object) => Promise<{ violations: { id: string; nodes: { html: string }[] }[] }> } }).axe;
    const result = await axe.run(window.document, { resultTypes: ["violations"], rules: { "color-contrast": { enabled: false } } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`);
  } finally {
    await window.happyDOM.close();
  }
}

function expectPageBasics(html: string, language: "en" | "es") {
  expect(html).toMatch(new RegExp(`<html lang="${language}">`));
  expect(html.match(/<h1[ >]/g)).toHaveLength(1);
  expect(html).toContain("<main");
  expect(html).toContain('<link rel="stylesheet" href="/sandbox/assets/sandbox.css">');
  // The site's icon, as on the site's pages.
  expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/logo.svg">');
  // The Content-Security-Policy allows no inline script; styles come from the stylesheet only.
  expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
}

let app: ApiApp;
let clock: TestClock;
beforeAll(async () => {
  ({ app, clock } = await buildApiApp());
});
afterAll(() => app.close());

describe(`the sandbox checkout page (${testDriver})`, () => {
  it("in English: test mode, today's charge, the weekly renewal and its date, no tax, a labelled card field", async () => {
    const client = signupClient(clock, { email: "page-en@example.com" }); // first pickup Thursday → renewal Sunday
    const { sessionId } = await openCheckout(app, client);
    const page = await app.inject(`/sandbox/checkout/${sessionId}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    // Out of search, as its head says: robots.txt keeps crawlers off, this tells one that followed a link.
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    const html = page.body;
    expectPageBasics(html, "en");
    expect(html).toContain("Test mode");
    expect(html).toContain("First week, due today</dt><dd>$19.99");
    expect(html).toContain(`Weekly plan from Sunday, March 10, 2030</dt><dd>$29.99 / week`);
    expect(html).toContain("No tax is charged in test mode.");
    expect(html).toContain('<label for="card">Card number</label>');
    expect(html).toContain(`action="/sandbox/checkout/${sessionId}/pay"`);
    // The cancel address names this checkout (the rollback cancels it and no newer one).
    expect(html).toMatch(new RegExp(`href="${ORIGIN}/payment-canceled\\?checkout=[A-Za-z0-9_-]{32}"`));
    expect(await axeViolations(html)).toEqual([]);
  });

  it("in Spanish for a Spanish-speaking client", async () => {
    const { sessionId } = await openCheckout(app, signupClient(clock, { email: "page-es@example.com", language: "es" }));
    const html = (await app.inject(`/sandbox/checkout/${sessionId}`)).body;
    expectPageBasics(html, "es");
    expect(html).toContain("Modo de prueba");
    expect(html).toContain("Completa tu suscripción");
    expect(html).toContain("Plan semanal desde el domingo, 10 de marzo de 2030");
    expect(html).toContain("En modo de prueba no se cobran impuestos.");
    expect(html).toContain("Número de tarjeta");
    expect(html).toContain("Pagar $19.99");
    expect(await axeViolations(html)).toEqual([]);

    const declined = await payWithCard(app, sessionId, "4000 0000 0000 0002");
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain("Tu tarjeta fue rechazada.");
  });

  it("declined and unknown cards: a clear message tied to the field, the number kept, nothing paid", async () => {
    const { sessionId } = await openCheckout(app, signupClient(clock, { email: "decline@example.com" }));
    const declined = await payWithCard(app, sessionId, "4000 0000 0000 0002");
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('role="alert" id="card-error">Your card was declined. No money was taken. Try another card.');
    expect(declined.body).toContain('aria-describedby="card-error card-hint" aria-invalid="true"');
    expect(declined.body).toContain('value="4000 0000 0000 0002"');
    expect(await axeViolations(declined.body)).toEqual([]);

    const unknown = await payWithCard(app, sessionId, "1234");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain("This is not a test card number.");
    expect((await app.inject(`/api/client/email_exists/decline@example.com`)).json()).toEqual({ exists: false });

    const paid = await payWithCard(app, sessionId, "4242-4242-4242-4242");
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${ORIGIN}/payment-success?session_id=${sessionId}`);
  });

  it("an expired checkout cannot be paid and leads back to the sign-up", async () => {
    const { sessionId } = await openCheckout(app, signupClient(clock, { email: "late@example.com" }));
    clock.advanceMinutes(31);
    try {
      const page = await app.inject(`/sandbox/checkout/${sessionId}`);
      expect(page.statusCode).toBe(410);
      expect(page.body).toContain("This checkout has expired");
      // Back to step 6 of the sign-up, not through the cancel address (whose rollback would reach a newer checkout).
      expect(page.body).toContain(`href="${ORIGIN}/signup?resume=1"`);
      expect(page.body).not.toContain("payment-canceled");
      expect((await payWithCard(app, sessionId, "4242424242424242")).statusCode).toBe(410);
      const spanish = await openCheckout(app, signupClient(clock, { email: "tarde@example.com", language: "es" }));
      clock.advanceMinutes(31);
      const expiredEs = await app.inject(`/sandbox/checkout/${spanish.sessionId}`);
      clock.advanceMinutes(-31);
      expect(expiredEs.statusCode).toBe(410);
      expect(expiredEs.body).toContain(`href="${ORIGIN}/es/signup?resume=1"`);
      expect((await app.inject("/api/client/set_active/late@example.com")).statusCode).toBe(409);
      expect(await axeViolations(page.body)).toEqual([]);
    } finally {
      clock.advanceMinutes(-31);
    }
  });

  it("an unknown session is a 404 page in the browser's language", async () => {
    const page = await app.inject({ url: "/sandbox/checkout/cs_sandbox_nope", headers: { "accept-language": "es-US,es;q=0.9" } });
    expect(page.statusCode).toBe(404);
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expectPageBasics(page.body, "es");
    expect(page.body).toContain("Enlace no encontrado");
  });

  it("serves its stylesheet", async () => {
    const css = await app.inject("/sandbox/assets/sandbox.css");
    expect(css.statusCode).toBe(200);
    expect(css.headers["content-type"]).toMatch(/text\/css/);
    expect(css.body).toContain(":focus-visible");
  });
});

describe(`the sandbox billing portal (${testDriver})`, () => {
  /** The paying browser's checkout cookie per e-mail: the portal opens for it. */
  const cookies = new Map<string, string>();
  async function portalFor(email: string, language: "en" | "es") {
    const { sessionId, cookie } = await openCheckout(app, signupClient(clock, { email, language }));
    await payWithCard(app, sessionId, "4242424242424242");
    cookies.set(email, cookie);
    const link = (await app.inject({ url: `/api/payments/create-portal-session/${email}`, headers: fromSite(cookie) })).json().portal_url as string;
    return new URL(link).pathname;
  }

  it("shows plan, next renewal, payment method and invoices, and cancels the subscription", async () => {
    const path = await portalFor("portal-en@example.com", "en");
    const page = await app.inject(path);
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expectPageBasics(html, "en");
    expect(html).toContain("Test mode");
    expect(html).toContain("Weekly Plan</dt><dd>$29.99 / week");
    expect(html).toContain('<span class="status active">Active</span>');
    expect(html).toContain("Next renewal</dt><dd>Sunday, March 10, 2030 · $29.99");
    expect(html).toContain("Visa ending in 4242");
    expect(html).toContain("<td>Monday, March 4, 2030</td><td>First week</td><td class=\"amount\">$19.99</td><td>Paid</td>");
    expect(html).toContain(`action="${path}/cancel"`);
    expect(await axeViolations(html)).toEqual([]);

    // Two weeks later the renewals show as invoices and the next renewal moves on.
    clock.advanceMinutes(60 * 24 * 14 - 60);
    try {
      const later = (await app.inject(`${path.replace(/\/$/, "")}`)).body;
      expect(later).toContain("This link has expired"); // portal links last an hour
    } finally {
      clock.advanceMinutes(-(60 * 24 * 14 - 60));
    }

    const cancel = await app.inject({ method: "POST", url: `${path}/cancel` });
    expect(cancel.statusCode).toBe(303);
    const after = (await app.inject(cancel.headers.location as string)).body;
    expect(after).toContain('role="status">Your subscription has been canceled.');
    expect(after).toContain('<span class="status canceled">Canceled on Monday, March 4, 2030</span>');
    expect(after).not.toContain(`action="${path}/cancel"`);
    expect(await axeViolations(after)).toEqual([]);
    expect((await app.inject("/api/client/email_exists/portal-en@example.com")).json()).toEqual({ exists: false });
  });

  it("in Spanish, with the renewals charged since sign-up listed as invoices", async () => {
    const path = await portalFor("portal-es@example.com", "es");
    // A fresh link 10 days later, through the welcome e-mail's link (the paying browser's cookie lasts a day): the
    // renewal of Sunday the 10th has been charged.
    const welcome = signWelcomeToken(app.trust.secret, "portal-es@example.com", clock.now());
    clock.advanceMinutes(60 * 24 * 10);
    try {
      const fresh = new URL((await app.inject(`/api/payments/create-portal-session/portal-es@example.com?token=${encodeURIComponent(welcome)}`)).json().portal_url).pathname;
      expect(fresh).not.toBe(path);
      const html = (await app.inject(fresh)).body;
      expectPageBasics(html, "es");
      expect(html).toContain("Tu suscripción");
      expect(html).toContain("Plan Semanal</dt><dd>$29.99 / semana");
      expect(html).toContain("Próxima renovación</dt><dd>domingo, 17 de marzo de 2030 · $29.99");
      expect(html).toContain("Visa terminada en 4242");
      expect(html).toContain("<td>domingo, 10 de marzo de 2030</td><td>Plan semanal</td>");
      expect(html).toContain("<td>lunes, 4 de marzo de 2030</td><td>Primera semana</td>");
      expect(html).toContain("Cancelar suscripción");
      expect(await axeViolations(html)).toEqual([]);
    } finally {
      clock.advanceMinutes(-60 * 24 * 10);
    }
  });

  it("an unknown portal link is a 404 page", async () => {
    const page = await app.inject("/sandbox/portal/bps_sandbox_nope");
    expect(page.statusCode).toBe(404);
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expect(page.body).toContain("Link not found");
  });
});
