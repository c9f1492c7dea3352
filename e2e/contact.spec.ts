// Contact form (product.md CON-1 rules, both toasts, the focused confirmation, reset, Back) and login (validation, the portal explanation, the paying browser taken to its portal).
import { test, expect, at, expectFocusedText, expectNoAxeViolations, expectInertUntilHydrated, holdScripts, layoutWithin, useLanguage, type Language } from "./fixtures";
import type { Page } from "@playwright/test";
import { LEAVING_PATIENCE_MS } from "#machines/leaving-patience";
import { availableDays, createCheckout, mailboxFor, makeClient, payThroughApi, stopFirstPortalPage, tr, uniqueEmail } from "./checkout-helpers";

// Pickup days of the paying customer's checkout, apart from the other specs' (parallel tests never share one).
const paidLoginOffsets = { en: 46, es: 50 };
const stalledLoginOffsets = { en: 47, es: 51 };

const text = {
  en: {
    commercial: "Commercial",
    residential: "Residential",
    name: "Your name",
    businessName: "Business name",
    email: "Email",
    phoneOptional: "Phone (optional)",
    phone: "Phone",
    message: "Message",
    submit: "Submit",
    sending: "Sending...",
    back: "Back",
    nameRequired: "Please enter your name",
    businessNameRequired: "Please enter your business name",
    emailRequired: "Please enter your email address",
    emailInvalid: "Please enter a valid email address",
    phoneRequired: "Please enter a phone number so we can arrange your pickups",
    messageRequired: "Please enter a message",
    sentTitle: "Message Sent!",
    sentText: "Thank you for contacting us. We'll get back to you within 1 business day.",
    errorTitle: "Error",
    errorText: "There was an error sending your message. Please try again.",
    password: "Password",
    emailMeALink: "Email me a link to my billing portal",
    checkEmail: "Check your email",
    ifSubscribed: (email: string) => `If ${email} has a subscription with us, we've emailed you a link to your billing portal. It works once, for 15 minutes.`,
    signUp: "Sign up",
  },
  es: {
    commercial: "Comercial",
    residential: "Residencial",
    name: "Tu nombre",
    businessName: "Nombre del negocio",
    email: "Correo electrónico",
    phoneOptional: "Teléfono (opcional)",
    phone: "Teléfono",
    message: "Mensaje",
    submit: "Enviar",
    sending: "Enviando...",
    back: "Atrás",
    nameRequired: "Por favor, escribe tu nombre",
    businessNameRequired: "Por favor, escribe el nombre de tu negocio",
    emailRequired: "Por favor, escribe tu correo electrónico",
    emailInvalid: "Por favor, escribe un correo electrónico válido",
    phoneRequired: "Por favor, escribe un número de teléfono para coordinar tus recogidas",
    messageRequired: "Por favor, escribe un mensaje",
    sentTitle: "¡Mensaje enviado!",
    sentText: "Gracias por escribirnos. Te responderemos en 1 día hábil.",
    errorTitle: "Ocurrió un error",
    errorText: "Hubo un error al enviar tu mensaje. Por favor, inténtalo de nuevo.",
    password: "Contraseña",
    emailMeALink: "Envíenme un enlace a mi portal de facturación",
    checkEmail: "Revisa tu correo",
    ifSubscribed: (email: string) => `Si ${email} tiene una suscripción con nosotros, te enviamos por correo un enlace a tu portal de facturación. Funciona una sola vez, durante 15 minutos.`,
    signUp: "Regístrate",
  },
} satisfies Record<Language, unknown>;

for (const language of ["en", "es"] as const) {
  const l = text[language];

  test(`contact (${language}): validation rules, tab switch, success toast, a focused confirmation and reset against the server`, async ({ page }) => {
    await useLanguage(page, language);
    await page.goto("/contact");
    const form = page.getByRole("tabpanel");
    await expect(page.getByRole("tab", { name: l.commercial })).toHaveAttribute("aria-selected", "true");
    await expect(form.getByRole("textbox", { name: l.message })).toHaveAttribute("rows", "5");

    // Empty commercial form: name, business name, email and message are required; the phone is not.
    await form.getByRole("button", { name: l.submit }).click();
    for (const message of [l.nameRequired, l.businessNameRequired, l.emailRequired, l.messageRequired]) await expect(form.getByText(message)).toBeVisible();
    await expect(form.getByText(l.phoneRequired)).toHaveCount(0);
    await expect(form.getByRole("textbox", { name: l.name })).toBeFocused();

    // Editing a field clears its error only.
    await form.getByRole("textbox", { name: l.name }).fill("Ana");
    await expect(form.getByText(l.nameRequired)).toHaveCount(0);
    await expect(form.getByText(l.emailRequired)).toBeVisible();
    await form.getByRole("textbox", { name: l.email }).fill("ana@example");
    await form.getByRole("button", { name: l.submit }).click();
    await expect(form.getByText(l.emailInvalid)).toBeVisible();

    // Residential: phone required, no business name; switching back clears the phone error.
    await page.getByRole("tab", { name: l.residential }).click();
    await expect(page.getByRole("tabpanel").getByRole("textbox", { name: l.businessName })).toHaveCount(0);
    await page.getByRole("tabpanel").getByRole("button", { name: l.submit }).click();
    await expect(page.getByRole("tabpanel").getByText(l.phoneRequired)).toBeVisible();
    await page.getByRole("tab", { name: l.commercial }).click();
    await expect(page.getByRole("tabpanel").getByText(l.phoneRequired)).toHaveCount(0);
    await expect(page.getByRole("tabpanel").getByText(l.businessNameRequired)).toHaveCount(0);
    await expect(page.getByRole("tabpanel").getByText(l.emailInvalid)).toBeVisible();
    await page.getByRole("tab", { name: l.residential }).click();

    const panel = page.getByRole("tabpanel");
    await panel.getByRole("textbox", { name: l.email }).fill("  Ana@Example.com ");
    await panel.getByRole("textbox", { name: l.phone }).fill(" (305) 555-0100 ");
    await panel.getByRole("textbox", { name: l.message }).fill("  Weekly pickups for a family of four in Brickell.  ");
    const request = page.waitForRequest((r) => r.url().endsWith("/api/contact_form"));
    const response = page.waitForResponse((r) => r.url().endsWith("/api/contact_form"));
    await panel.getByRole("button", { name: l.submit }).click();
    expect((await request).postDataJSON()).toEqual({
      type: "residential",
      name: "Ana",
      email: "ana@example.com",
      phone: "(305) 555-0100",
      message: "Weekly pickups for a family of four in Brickell.",
      language,
      submissionId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect((await response).status()).toBe(200);
    // The spec's success toast.
    const toasts = page.getByRole("region", { name: language === "en" ? "Notifications" : "Notificaciones" });
    await expect(toasts.getByText(l.sentTitle)).toBeVisible();
    await expect(toasts.getByText(l.sentText)).toBeVisible();
    // The confirmation above the form takes the focus, not a field just emptied nor the page's top. The catalog's words.
    const confirmation = page.getByTestId("contact-confirmation");
    await expect(confirmation.getByRole("heading", { name: tr("contact", "Message Sent!", language) })).toBeFocused();
    await expectFocusedText(page, tr("contact", "Message Sent!", language));
    await expect(confirmation).toContainText(tr("contact", "Thank you for contacting us. We'll get back to you within 1 business day.", language));
    // Reset: an empty commercial form.
    await expect(page.getByRole("tab", { name: l.commercial })).toHaveAttribute("aria-selected", "true");
    for (const field of [l.name, l.businessName, l.email, l.phoneOptional, l.message]) {
      await expect(page.getByRole("tabpanel").getByRole("textbox", { name: field })).toHaveValue("");
    }
  });

  test(`login (${language}): the e-mail only, validated; any valid address gets the same confirmation and no portal`, async ({ page }) => {
    await useLanguage(page, language);
    await page.goto("/login");
    const apiCalls: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/")) apiCalls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    const main = page.getByRole("main");
    await expect(main.getByRole("textbox", { name: l.email })).toHaveAttribute("type", "email");
    // No passwords (docs/decisions/010-sign-in-links-instead-of-passwords.md).
    await expect(main.getByLabel(l.password)).toHaveCount(0);
    await expect(main.getByRole("link", { name: l.signUp, exact: true })).toHaveAttribute("href", at(language, "/signup"));
    await main.getByRole("button", { name: l.emailMeALink }).click();
    await expect(main.getByText(l.emailRequired)).toBeVisible();
    await expect(main.getByRole("textbox", { name: l.email })).toBeFocused();
    await main.getByRole("textbox", { name: l.email }).fill("maria@example");
    await main.getByRole("button", { name: l.emailMeALink }).click();
    await expect(main.getByText(l.emailInvalid)).toBeVisible();
    await expect(main.getByRole("heading", { name: l.checkEmail })).toHaveCount(0);
    expect(apiCalls).toEqual([]);

    // A valid address (no such customer): the same confirmation as for a customer, and the uniform answer.
    await main.getByRole("textbox", { name: l.email }).fill(" Maria@Example.com ");
    const response = page.waitForResponse((r) => r.url().includes("/api/payments/create-portal-session/"));
    await main.getByRole("button", { name: l.emailMeALink }).click();
    expect(await (await response).json()).toEqual({ sent: true });
    await expect(main.getByRole("heading", { name: l.checkEmail })).toBeVisible();
    await expect(main.getByText(l.ifSubscribed("maria@example.com"))).toBeVisible();
    // Without a subscription the answer offers the way in: sign up, or contact us.
    const answer = main.getByText(l.ifSubscribed("maria@example.com")).locator("..");
    await expect(answer.getByRole("link", { name: l.signUp, exact: true })).toHaveAttribute("href", at(language, "/signup"));
    await expect(answer.getByRole("link", { name: language === "en" ? "contact us" : "escríbenos", exact: true })).toHaveAttribute("href", at(language, "/contact"));
    await expect(main.getByText(l.emailInvalid)).toHaveCount(0);
    expect(apiCalls).toEqual([`GET /api/payments/create-portal-session/${encodeURIComponent("maria@example.com")}`]);
    await expect(page).toHaveURL(new RegExp(`${at(language, "/login")}$`));
  });

  test(`contact (${language}): Back on the visit's first page goes to the home page, not off the site`, async ({ page }) => {
    await useLanguage(page, language);
    await page.goto(at(language, "/contact"));
    await page.getByRole("main").getByRole("button", { name: l.back }).click();
    await expect(page).toHaveURL(new RegExp(`${at(language, "/")}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test(`login (${language}): while the link is on its way the button says so and a second press sends nothing`, async ({ page }) => {
    await useLanguage(page, language);
    const held: Array<() => Promise<void>> = [];
    await page.route("**/api/payments/create-portal-session/*", (route) => {
      held.push(() => route.continue());
    });
    await page.goto("/login");
    const main = page.getByRole("main");
    const field = main.getByRole("textbox", { name: l.email });
    await field.fill("maria@example.com");
    const button = main.getByRole("button", { name: l.emailMeALink });
    const box = (await button.boundingBox())!;
    await button.click();
    const sending = main.getByRole("button", { name: l.sending });
    await expect(sending).toBeDisabled();
    // A second tap on the same spot, and Enter in the field, while it is sending.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await field.press("Enter");
    await expect.poll(() => held.length).toBe(1);
    for (const answer of held.splice(0)) await answer();
    await expect(main.getByRole("heading", { name: l.checkEmail })).toBeVisible();
    await expect(main.getByRole("button", { name: l.emailMeALink })).toBeEnabled();
    expect(held).toEqual([]);
  });
}

/**
 * A customer who signed up and paid from this browser's context (page.request shares the page's cookies), as after the
 * hosted checkout, with pickup days from `offset`: their e-mail.
 */
async function paidFromThisBrowser(page: Page, baseURL: string, language: Language, tag: string, offset: number) {
  const email = uniqueEmail(tag);
  const client = makeClient(email, await availableDays(page.request, offset), language);
  await payThroughApi(page.request, await createCheckout(page.request, baseURL, client));
  return email;
}

// The browser that paid holds the checkout's cookie for a day (server/auth/ownership.ts): the server answers it the
// portal link itself and e-mails nothing, so the page must go there rather than say a link was e-mailed.
for (const language of ["en", "es"] as const) {
  test(`login (${language}): the browser that paid is taken to its billing portal, not told to check an e-mail that never comes`, async ({ page, baseURL }) => {
    test.slow();
    await useLanguage(page, language);
    const l = text[language];
    const email = await paidFromThisBrowser(page, baseURL!, language, `login-paid-${language}`, paidLoginOffsets[language]);

    // What the page says about the request, as it changes (the locators wait for the portal's navigation to end, so
    // the page reports it itself); the portal's page is held until the page has said where it goes.
    const said: string[] = [];
    await page.exposeFunction("reportLinkRequest", (words: string) => said.push(words));
    await page.addInitScript(() => {
      const report = (window as unknown as { reportLinkRequest: (words: string) => void }).reportLinkRequest;
      let last = "";
      new MutationObserver(() => {
        const words = document.querySelector("main [aria-live] > div")?.textContent ?? "";
        if (words && words !== last) report((last = words));
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    let releasePortal: () => void = () => {};
    const portalHeld = new Promise<void>((resolve) => (releasePortal = resolve));
    await page.route("**/sandbox/portal/**", async (route) => {
      await portalHeld;
      await route.continue();
    });
    // The server's answer, read as it passes (the page leaves at once, and with it the response's body).
    const answers: Array<{ portal_url?: string; sent?: boolean }> = [];
    await page.route("**/api/payments/create-portal-session/*", async (route) => {
      const response = await route.fetch();
      answers.push(await response.json());
      await route.fulfill({ response });
    });
    await page.goto(at(language, "/login"));
    const main = page.getByRole("main");
    await main.getByRole("textbox", { name: l.email }).fill(email);
    // Without noWaitAfter the click waits for a navigation it starts, and this one is held until after the click:
    // when the answer came within the click's wait (a loaded machine), the test hung to its timeout.
    await main.getByRole("button", { name: l.emailMeALink }).click({ noWaitAfter: true });
    await expect.poll(() => answers.length).toBe(1);
    const [answer] = answers as [{ portal_url?: string; sent?: boolean }];
    expect(answer.sent).toBeUndefined();
    expect(answer.portal_url).toMatch(/\/sandbox\/portal\//);
    await expect.poll(() => said.at(-1)).toBe(tr("contact", "Opening your billing portal…", language));
    expect(said.join("\n")).not.toContain(l.checkEmail);

    releasePortal();
    await expect(page).toHaveURL(/\/sandbox\/portal\//);
    expect(page.url()).toBe(new URL(answer.portal_url!, baseURL).href);
    await expect(page.getByRole("heading", { level: 1, name: tr("payments", "sandbox.portal.title", language) })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    // No sign-in e-mail was sent: the portal was the answer.
    const signInSubject = new RegExp(`^${tr("mail", "mail.signIn.subject", language).replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace("{brand}", ".+")}$`);
    expect((await mailboxFor(page.request, email)).filter((m) => signInSubject.test(m.subject))).toEqual([]);
  });
}

// The portal page of the browser that paid does not open (a stalled network, or the browser's Stop): the button stays
// busy while the page may still go, then the page says the portal hasn't opened and Try again asks for it afresh.
for (const language of ["en", "es"] as const) {
  test(`login (${language}): a portal page that does not open: busy until LEAVING_PATIENCE_MS, then a notice, and Try again leaves for the portal`, async ({ page, baseURL }) => {
    test.slow();
    await useLanguage(page, language);
    const l = text[language];
    const email = await paidFromThisBrowser(page, baseURL!, language, `login-stalled-${language}`, stalledLoginOffsets[language]);
    const { asks, stopped } = await stopFirstPortalPage(page);

    await page.goto(at(language, "/login"));
    const main = page.getByRole("main");
    const button = main.getByRole("button", { name: l.emailMeALink });
    await expect(button).toBeEnabled();
    await main.getByRole("textbox", { name: l.email }).fill(email);
    // Timers run only when the test moves the clock: leaving's patience starts at the answer.
    await page.clock.pauseAt(new Date(Date.now() + 1000));
    await button.click({ noWaitAfter: true });
    await expect.poll(() => stopped.length).toBe(1);
    const request = main.locator("[aria-live] > div").first();
    await expect(request).toHaveText(tr("contact", "Opening your billing portal…", language));
    await page.clock.runFor(LEAVING_PATIENCE_MS - 1);
    await expect(button).toBeDisabled();
    await expect(request).toHaveText(tr("contact", "Opening your billing portal…", language));
    expect(asks).toHaveLength(1);

    await page.clock.runFor(1);
    await expect(request).toContainText(tr("contact", "Your billing portal hasn't opened yet. It may still be loading. If it doesn't open, try again.", language));
    await expect(button).toBeEnabled();
    expect(asks).toHaveLength(1);
    // axe waits on timers: the clock runs again first.
    await page.clock.resume();
    await expectNoAxeViolations(page);

    await request.getByRole("button", { name: tr("contact", "Try again", language) }).click();
    await expect(page).toHaveURL(/\/sandbox\/portal\//);
    expect(asks).toHaveLength(2);
    expect(page.url()).not.toBe(stopped[0]);
    await expect(page.getByRole("heading", { level: 1, name: tr("payments", "sandbox.portal.title", language) })).toBeVisible();
  });
}

// A reload while the link is on its way, then the same address asked again: the same request (decision 018), so the
// server e-mails no second link; a new key only once that request was answered.
test("login: asked again after a reload mid-request, the same address goes under the same key", async ({ page }) => {
  const keys: string[] = [];
  let hold = true;
  await page.route("**/api/payments/create-portal-session/*", async (route) => {
    keys.push(new URL(route.request().url()).searchParams.get("requestId") ?? "");
    if (!hold) await route.continue();
  });
  const ask = async () => {
    const main = page.getByRole("main");
    await main.getByRole("textbox", { name: text.en.email }).fill("maria@example.com");
    await main.getByRole("button", { name: text.en.emailMeALink }).click();
  };
  await page.goto("/login");
  await ask();
  await expect(page.getByRole("main").getByRole("button", { name: text.en.sending })).toBeDisabled();
  await page.reload();
  hold = false;
  await ask();
  await expect(page.getByRole("main").getByRole("heading", { name: text.en.checkEmail })).toBeVisible();
  await page.reload();
  await ask();
  await expect(page.getByRole("main").getByRole("heading", { name: text.en.checkEmail })).toBeVisible();
  expect(keys).toHaveLength(3);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[2]).not.toBe(keys[0]);
});

// Hydration resets a controlled field to its state (""): until then the pre-rendered forms take nothing.
test.describe("the pre-rendered forms, before the page's code has run", () => {
  for (const language of ["en", "es"] as const) {
    const l = text[language];

    test(`contact (${language}): every field and button is disabled and typing does nothing; once hydrated, what is typed is sent`, async ({ page }) => {
      await useLanguage(page, language);
      const release = await holdScripts(page, "**/assets/contact-page-*.js");
      await page.goto(at(language, "/contact"), { waitUntil: "domcontentloaded" });
      const form = page.getByRole("tabpanel");
      const [name, businessName, email, phone, message] = [l.name, l.businessName, l.email, l.phoneOptional, l.message].map((label) => form.getByRole("textbox", { name: label }));
      const buttons = [l.back, l.submit].map((label) => form.getByRole("button", { name: label }));
      const controls = [name!, businessName!, email!, phone!, message!, ...buttons];
      for (const control of controls) await expect(control).toBeDisabled();
      if (language === "en") await expectNoAxeViolations(page);
      await name!.click({ force: true });
      await page.keyboard.type("Ana");
      await expect(name!).toHaveValue("");
      const before = await layoutWithin(form, controls);

      release();
      for (const control of controls) await expect(control).toBeEnabled();
      expect(await layoutWithin(form, controls)).toEqual(before);
      await name!.pressSequentially("Ana Ruiz");
      await businessName!.fill("Brickell Bistro");
      await email!.fill("ana@example.com");
      await message!.fill("Tablecloths and aprons, twice a week.");
      const request = page.waitForRequest((r) => r.url().endsWith("/api/contact_form"));
      await form.getByRole("button", { name: l.submit }).click();
      expect((await request).postDataJSON()).toEqual({
        type: "commercial",
        name: "Ana Ruiz",
        businessName: "Brickell Bistro",
        email: "ana@example.com",
        message: "Tablecloths and aprons, twice a week.",
        language,
        submissionId: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
      await expect(page.getByTestId("contact-confirmation").getByText(l.sentTitle)).toBeVisible();
    });

    test(`login (${language}): the e-mail and the button are disabled and typing does nothing; once hydrated, what is typed asks for the link`, async ({ page }) => {
      await useLanguage(page, language);
      const release = await holdScripts(page, "**/assets/login-page-*.js");
      await page.goto(at(language, "/login"), { waitUntil: "domcontentloaded" });
      const main = page.getByRole("main");
      const field = main.getByRole("textbox", { name: l.email });
      const button = main.getByRole("button", { name: l.emailMeALink });
      if (language === "en") await expectNoAxeViolations(page);
      await expectInertUntilHydrated(page, { within: main, controls: [field, button], url: new RegExp(`${at(language, "/login")}$`), release });
      await field.pressSequentially("maria@example.com");
      const response = page.waitForResponse((r) => r.url().includes("/api/payments/create-portal-session/"));
      await page.keyboard.press("Enter");
      expect(new URL((await response).url()).pathname).toBe(`/api/payments/create-portal-session/${encodeURIComponent("maria@example.com")}`);
      await expect(main.getByRole("heading", { name: l.checkEmail })).toBeVisible();
    });
  }
});

test.describe("contact: an answer lost on the way back", () => {
  // The browser's own line for the try whose answer never came.
  test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_FAILED/] });
  for (const language of ["en", "es"] as const) {
    const l = text[language];
    test(`contact (${language}): a message whose answer was lost, sent again, reaches the team once; the next one is new`, async ({ page }) => {
      await useLanguage(page, language);
      await page.goto("/contact");
      const marker = `lost-answer-${language}-${Date.now()}`;
      const panel = page.getByRole("tabpanel");
      await panel.getByRole("textbox", { name: l.name }).fill("Ana");
      await panel.getByRole("textbox", { name: l.businessName }).fill("Hotel Sol");
      await panel.getByRole("textbox", { name: l.email }).fill("ana@example.com");
      await panel.getByRole("textbox", { name: l.message }).fill(`Linens for 20 rooms (${marker})`);
      // The first try reaches the server, which stores it, but its answer never comes back.
      const keys: string[] = [];
      await page.route("**/api/contact_form", async (route) => {
        keys.push((route.request().postDataJSON() as { submissionId: string }).submissionId);
        await route.fetch();
        await route.abort("failed");
      }, { times: 1 });
      await panel.getByRole("button", { name: l.submit }).click();
      const toasts = page.getByRole("region", { name: language === "en" ? "Notifications" : "Notificaciones" });
      await expect(toasts.getByText(l.errorText)).toBeVisible();
      await expect(panel.getByRole("textbox", { name: l.message })).toHaveValue(`Linens for 20 rooms (${marker})`);
      const again = page.waitForRequest((r) => r.url().endsWith("/api/contact_form"));
      await panel.getByRole("button", { name: l.submit }).click();
      keys.push(((await again).postDataJSON() as { submissionId: string }).submissionId);
      await expect(toasts.getByText(l.sentTitle)).toBeVisible();
      expect(keys[1]).toBe(keys[0]);
      // The next message, though word for word the same, is a new one.
      const form = page.getByRole("tabpanel");
      await form.getByRole("textbox", { name: l.name }).fill("Ana");
      await form.getByRole("textbox", { name: l.businessName }).fill("Hotel Sol");
      await form.getByRole("textbox", { name: l.email }).fill("ana@example.com");
      await form.getByRole("textbox", { name: l.message }).fill(`Linens for 20 rooms (${marker})`);
      const next = page.waitForRequest((r) => r.url().endsWith("/api/contact_form"));
      await form.getByRole("button", { name: l.submit }).click();
      keys.push(((await next).postDataJSON() as { submissionId: string }).submissionId);
      expect(keys[2]).not.toBe(keys[0]);
      // The team's inbox: the outbox sends in the order it was queued (server/mail/worker.ts), so once the second
      // message's notification is there, a duplicate of the first would be too. Two, not three.
      const notifications = async () => {
        const { messages } = (await (await page.request.get("/dev/mailbox.json")).json()) as { messages: Array<{ text: string }> };
        return messages.filter((m) => m.text.includes(marker)).length;
      };
      await expect.poll(notifications, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      expect(await notifications()).toBe(2);
    });
  }
});

test.describe("contact failure", () => {
  test.use({ allowedConsoleErrors: [/status of 500/] });
  test("a failed send shows the loading label, then the error toast, and keeps everything typed", async ({ page }) => {
    await useLanguage(page, "en");
    const l = text.en;
    await page.goto("/faq");
    await page.getByRole("main").getByRole("link", { name: "Contact us" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/contact_form", async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: { code: "internal_error", message: "Internal Server Error" } }) });
    });
    const form = page.getByRole("tabpanel");
    await form.getByRole("textbox", { name: l.name }).fill("Luis Gómez");
    await form.getByRole("textbox", { name: l.businessName }).fill("Gables Dental");
    await form.getByRole("textbox", { name: l.email }).fill("luis@example.com");
    await form.getByRole("textbox", { name: l.message }).fill("Scrubs and towels, twice a week.");
    await form.getByRole("button", { name: l.submit }).click();
    const sending = form.getByRole("button", { name: l.sending });
    await expect(sending).toBeDisabled();
    release();
    await expect(page.getByText(l.errorTitle, { exact: true })).toBeVisible();
    await expect(page.getByText(l.errorText)).toBeVisible();
    await expect(form.getByRole("textbox", { name: l.name })).toHaveValue("Luis Gómez");
    await expect(form.getByRole("textbox", { name: l.businessName })).toHaveValue("Gables Dental");
    await expect(form.getByRole("textbox", { name: l.email })).toHaveValue("luis@example.com");
    await expect(form.getByRole("textbox", { name: l.message })).toHaveValue("Scrubs and towels, twice a week.");
    await expect(form.getByRole("button", { name: l.submit })).toBeEnabled();
    // Back returns to the page the visitor came from.
    await form.getByRole("button", { name: l.back }).click();
    await expect(page).toHaveURL(/\/faq$/);
  });
});
