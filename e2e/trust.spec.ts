// Who may open the billing portal (docs/who-may-do-what.md, docs/decisions/010-sign-in-links-instead-of-passwords.md),
// in English and Spanish against the real server: the paying browser (its httpOnly checkout cookie) from the success
// page; the customer from any browser through the welcome e-mail's link or the single-use link e-mailed from /login
// (links that carry a token, never the address); a stranger typing a customer's address at /login sees the same
// confirmation as for any address and gets no portal.
import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, at, expectNoAxeViolations, useLanguage, type Language } from "./fixtures";
import { PAY_CARD, availableDays, createCheckout, emailExists, mailedLinkFor, makeClient, payThroughApi, seedSavedCheckout, signInLinkFor, tr, uniqueEmail } from "./checkout-helpers";

const text = (catalog: string, language: Language, english: string) => tr(catalog, english, language);
// Days apart from the other suites'.
const offsets = { en: { buy: 7, login: 14, stranger: 21, welcome: 11, lost: 48 }, es: { buy: 28, login: 35, stranger: 42, welcome: 51, lost: 52 } };
const PORTAL_CALL = "/api/payments/create-portal-session/";
/** The call the e-mailed links make: the portal from their token alone. */
const TOKEN_CALL = "/api/payments/portal-session";

/** The welcome e-mail's portal link to the address. */
const welcomeLinkFor = (request: APIRequestContext, email: string) =>
  mailedLinkFor(request, email, /https?:\/\/\S+[?&]token=w\.\S+/, "a welcome e-mail");

/** An e-mailed link names nobody: its only parameter is the token, and no address is in it. */
function expectNoAddress(link: string, email: string, language: Language) {
  const url = new URL(link);
  expect([...url.searchParams.keys()]).toEqual(["token"]);
  expect(url.pathname).toBe(language === "es" ? "/es/" : "/");
  expect(link).not.toContain("@");
  expect(link.toLowerCase()).not.toContain("%40");
  expect(link).not.toContain(email.split("@")[0]!);
}

/** Every address the page's main frame goes to, to prove it never reached the portal. */
function recordNavigations(page: Page) {
  const urls: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

for (const language of ["en", "es"] as const) {
  test.describe(`who opens the billing portal (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
    });

    test("the paying browser: the purchase completes and the success page's button opens the portal through its cookie", async ({ page, context, baseURL }) => {
      test.slow();
      const email = uniqueEmail(`trust-buy-${language}`);
      const client = makeClient(email, await availableDays(page.request, offsets[language].buy), language);
      // Opened from this browser's context, as the wizard's step 6 does: the checkout cookie is this browser's.
      const checkoutUrl = await createCheckout(page.request, baseURL!, client);
      const cookie = (await context.cookies()).find((c) => c.name === "ff_checkout");
      expect(cookie, "the checkout cookie").toBeDefined();
      expect(cookie!.httpOnly).toBe(true);
      await seedSavedCheckout(page, client);

      await page.goto(checkoutUrl);
      await page.locator("#card").fill(PAY_CARD);
      const portalRequest = page.waitForRequest((r) => r.url().includes(PORTAL_CALL));
      const portalAnswer = page.waitForResponse((r) => r.url().includes(PORTAL_CALL));
      await page.locator('form[action$="/pay"] button[type="submit"]').click();
      await expect(page).toHaveURL(/\/payment-success\?session_id=/);
      await expect(page.getByRole("heading", { level: 1, name: text("checkout", language, "Payment Successful!") })).toBeVisible();
      // No token in the call: the cookie alone is the proof, and it yields a portal link.
      expect(new URL((await portalRequest).url()).searchParams.has("token")).toBe(false);
      const body = (await (await portalAnswer).json()) as { portal_url?: string; sent?: boolean };
      expect(body.sent).toBeUndefined();
      expect(body.portal_url).toMatch(/\/sandbox\/portal\//);
      expect(await emailExists(page.request, email)).toBe(true);

      const portalButton = page.getByRole("button", { name: text("checkout", language, "Go to Billing Portal") });
      await expect(portalButton).toBeEnabled();
      await portalButton.click();
      await expect(page).toHaveURL(/\/sandbox\/portal\//);
      await expect(page.getByRole("heading", { level: 1, name: tr("payments", "sandbox.portal.title", language) })).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
    });

    test("a customer in another browser: /login e-mails a link, and the link from the mailbox opens the portal", async ({ page, context, request, baseURL }) => {
      test.slow();
      const email = uniqueEmail(`trust-login-${language}`);
      const client = makeClient(email, await availableDays(request, offsets[language].login), language);
      // Bought elsewhere (another request context): this browser holds no checkout cookie.
      await payThroughApi(request, await createCheckout(request, baseURL!, client));
      expect(await emailExists(request, email)).toBe(true);
      expect((await context.cookies()).filter((c) => c.name === "ff_checkout")).toEqual([]);

      await page.goto(at(language, "/login"));
      const main = page.getByRole("main");
      await main.getByRole("textbox", { name: text("contact", language, "Email") }).fill(email.toUpperCase());
      const answer = page.waitForResponse((r) => r.url().includes(PORTAL_CALL));
      await main.getByRole("button", { name: text("contact", language, "Email me a link to my billing portal") }).click();
      expect(await (await answer).json()).toEqual({ sent: true });
      await expect(main.getByRole("heading", { name: text("contact", language, "Check your email") })).toBeVisible();
      await expectNoAxeViolations(page);

      const link = await signInLinkFor(page.request, email);
      expect(new URL(link).origin).toBe(new URL(baseURL!).origin);
      expectNoAddress(link, email, language);
      const tokenCall = page.waitForRequest((r) => r.url().includes(TOKEN_CALL));
      await page.goto(link);
      expect((await tokenCall).postDataJSON()).toEqual({ token: new URL(link).searchParams.get("token") });
      await expect(page).toHaveURL(/\/sandbox\/portal\//);
      await expect(page.getByRole("heading", { level: 1, name: tr("payments", "sandbox.portal.title", language) })).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
    });

    test("a customer in another browser: the welcome e-mail's link from the mailbox opens the portal, and names nobody", async ({ page, context, request, baseURL }) => {
      test.slow();
      const email = uniqueEmail(`trust-welcome-${language}`);
      const client = makeClient(email, await availableDays(request, offsets[language].welcome), language);
      await payThroughApi(request, await createCheckout(request, baseURL!, client));
      expect((await context.cookies()).filter((c) => c.name === "ff_checkout")).toEqual([]);

      const link = await welcomeLinkFor(request, email);
      expect(new URL(link).origin).toBe(new URL(baseURL!).origin);
      expectNoAddress(link, email, language);
      const tokenCall = page.waitForRequest((r) => r.url().includes(TOKEN_CALL));
      const navigations = recordNavigations(page);
      await page.goto(link);
      expect((await tokenCall).postDataJSON()).toEqual({ token: new URL(link).searchParams.get("token") });
      await expect(page).toHaveURL(/\/sandbox\/portal\//);
      await expect(page.getByRole("heading", { level: 1, name: tr("payments", "sandbox.portal.title", language) })).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
      // No address of the customer's in any address the browser went to on the way.
      for (const url of navigations.filter((u) => !u.includes("/sandbox/portal/"))) expect(url).not.toContain(email.split("@")[0]!);
      // The token left the history entry once read: Back leads to the plain home page.
      await page.goBack();
      await expect(page).toHaveURL(new URL(language === "es" ? "/es/" : "/", baseURL).toString());

      // A tampered link opens nothing: the same "check your email" page as any refused link.
      const tampered = new URL(link);
      const token = tampered.searchParams.get("token")!;
      // (The second-to-last character: the last one of base64url may carry unused bits.)
      tampered.searchParams.set("token", `${token.slice(0, -2)}${token.at(-2) === "A" ? "B" : "A"}${token.at(-1)}`);
      await page.goto(tampered.toString());
      await expect(page.getByRole("heading", { level: 1, name: text("checkout", language, "Check your email") })).toBeVisible();
      // The page keeps what it read, and the address bar no longer shows the token.
      await expect(page).not.toHaveURL(/token=/);
      await expectNoAxeViolations(page);
    });

    test("a stranger at /login with a customer's address sees only the confirmation; no portal is created", async ({ page, context, request, baseURL }) => {
      test.slow();
      const email = uniqueEmail(`trust-victim-${language}`);
      const client = makeClient(email, await availableDays(request, offsets[language].stranger), language);
      await payThroughApi(request, await createCheckout(request, baseURL!, client));
      expect(await emailExists(request, email)).toBe(true);
      // The stranger's browser: a fresh context, without the customer's cookie.
      expect((await context.cookies()).filter((c) => c.name === "ff_checkout")).toEqual([]);
      const navigations = recordNavigations(page);

      await page.goto(at(language, "/login"));
      const main = page.getByRole("main");
      await main.getByRole("textbox", { name: text("contact", language, "Email") }).fill(email);
      const answer = page.waitForResponse((r) => r.url().includes(PORTAL_CALL));
      await main.getByRole("button", { name: text("contact", language, "Email me a link to my billing portal") }).click();
      const response = await answer;
      expect(response.status()).toBe(200);
      expect(await response.json()).toEqual({ sent: true });
      await expect(main.getByRole("heading", { name: text("contact", language, "Check your email") })).toBeVisible();
      await page.waitForLoadState("networkidle");
      // The same answer as for an address nobody owns.
      const unknown = await page.request.get(`${PORTAL_CALL}${encodeURIComponent(uniqueEmail("nobody"))}`);
      expect(await unknown.json()).toEqual({ sent: true });
      // Asked directly from the stranger's browser too: still no portal link.
      const direct = await page.request.get(`${PORTAL_CALL}${encodeURIComponent(email)}`);
      expect(await direct.json()).toEqual({ sent: true });

      expect(navigations.filter((url) => url.includes("/sandbox/portal"))).toEqual([]);
      // The link went to the customer's own inbox, never to this page.
      expect(await signInLinkFor(request, email)).toContain("token=s.");
      await expect(page).toHaveURL(new RegExp(`${at(language, "/login")}$`));
    });
  });
}

test.describe("login: an answer lost on the way back", () => {
  // The browser's own line for the try whose answer never came.
  test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_FAILED/] });
  for (const language of ["en", "es"] as const) {
    test(`login (${language}): a request whose answer was lost, tried again, e-mails one link; the next request is new`, async ({ page, request, baseURL }) => {
      test.slow();
      await useLanguage(page, language);
      const email = uniqueEmail(`trust-lost-${language}`);
      await payThroughApi(request, await createCheckout(request, baseURL!, makeClient(email, await availableDays(request, offsets[language].lost), language)));

      await page.goto(at(language, "/login"));
      const main = page.getByRole("main");
      await main.getByRole("textbox", { name: text("contact", language, "Email") }).fill(email);
      // The first try reaches the server, which e-mails a link, but its answer never comes back.
      const keys: (string | null)[] = [];
      const keyOf = (url: string) => new URL(url).searchParams.get("requestId");
      await page.route(`**${PORTAL_CALL}*`, async (route) => {
        keys.push(keyOf(route.request().url()));
        await route.fetch();
        await route.abort("failed");
      }, { times: 1 });
      await main.getByRole("button", { name: text("contact", language, "Email me a link to my billing portal") }).click();
      await expect(main.getByRole("heading", { name: text("contact", language, "We couldn't send the link right now. Please try again in a minute.") })).toBeVisible();
      const again = page.waitForRequest((r) => r.url().includes(PORTAL_CALL));
      await main.getByRole("button", { name: text("contact", language, "Try again") }).click();
      keys.push(keyOf((await again).url()));
      await expect(main.getByRole("heading", { name: text("contact", language, "Check your email") })).toBeVisible();
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(keys[1]).toBe(keys[0]);
      // The next request, for the same address, is a new one: a fresh link.
      const next = page.waitForRequest((r) => r.url().includes(PORTAL_CALL));
      await main.getByRole("button", { name: text("contact", language, "Email me a link to my billing portal") }).click();
      keys.push(keyOf((await next).url()));
      expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
      expect(keys[2]).not.toBe(keys[0]);
      await expect(main.getByRole("heading", { name: text("contact", language, "Check your email") })).toBeVisible();
      // The outbox sends in the order it was queued (server/mail/worker.ts): a message queued after the last answer
      // came, once in the mailbox, says every link those requests queued was sent before it.
      const marker = `after-the-links-${language}-${Date.now()}`;
      const contact = { type: "residential", name: "Ana", email: "ana@example.com", phone: "3055550100", message: marker };
      expect((await request.post("/api/contact_form", { data: contact })).status()).toBe(200);
      const mailbox = async (to?: string) =>
        ((await (await request.get(`/dev/mailbox.json${to ? `?to=${encodeURIComponent(to)}` : ""}`)).json()) as { messages: Array<{ text: string }> }).messages;
      await expect.poll(async () => (await mailbox()).some((m) => m.text.includes(marker)), { timeout: 20_000 }).toBe(true);
      // The customer's inbox: two links, not three.
      expect((await mailbox(email)).filter((m) => /[?&]token=s\./.test(m.text))).toHaveLength(2);
    });
  }
});
