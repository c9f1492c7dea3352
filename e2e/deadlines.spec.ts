// A phone on a stalled connection: each call the browser makes that never answers (a route that never fulfils) is
// given up at its deadline (src/api/deadline.ts), moved past with Playwright's clock, never waited for. Each page
// then shows its own failure, in English and Spanish, keeps what was typed, and a retry once the connection is
// back goes through. (The ZIP check and waitlist: e2e/area-check.spec.ts; the calls one by one: tests/unit.)
import type { Page } from "@playwright/test";
import { test, expect, at, expectNoAxeViolations, useLanguage } from "./fixtures";
import { PAYMENT_DEADLINE_MS, SEND_DEADLINE_MS } from "../src/api/deadline";
import { LEAVING_PATIENCE_MS } from "#machines/leaving-patience";
import { availableDays, createCheckout, mailedLinkFor, makeClient, payThroughApi, seedSavedCheckout, tr, uniqueEmail } from "./checkout-helpers";
import { wizard } from "./models/signup-driver";

const offsets = { en: { pay: 3, leave: 7, success: 10, canceled: 17, portal: 24 }, es: { pay: 5, leave: 8, success: 12, canceled: 19, portal: 27 } };

/** Requests matching `url` get no answer at all until released; after that they go to the server. */
async function stall(page: Page, url: string) {
  let stalled = true;
  const held: string[] = [];
  await page.route(url, (route) => {
    if (!stalled) return route.continue();
    held.push(route.request().url());
  });
  return {
    held,
    release: () => {
      stalled = false;
    },
  };
}

/**
 * Stops the page's clock where it is (timers fire only when the test moves it): pressed after this, a call's
 * deadline falls exactly `deadline` ms later on that clock, whatever the machine's load.
 */
async function freeze(page: Page) {
  await page.clock.pauseAt(new Date(Date.now() + 1000));
}

/** The page's own short timers run on the frozen clock, `step` ms at a time, until `started`. */
async function stepUntil(page: Page, started: () => boolean, step: number) {
  for (let ran = 0; !started(); ran += step) {
    if (ran > 5000) throw new Error("the call never started");
    await page.clock.runFor(step);
  }
}

/**
 * Runs the frozen clock to just before the deadline (still waiting), then past it, and lets it run again.
 * `since`: at most how long the clock ran since the call began (1 when nothing ran after it).
 */
async function passDeadline(page: Page, deadline: number, stillWaiting: () => Promise<void>, { resume = true, since = 1 } = {}) {
  await page.clock.runFor(deadline - since);
  await stillWaiting();
  await page.clock.runFor(since);
  if (resume) await page.clock.resume();
}

for (const language of ["en", "es"] as const) {
  const contact = (english: string) => tr("contact", english, language);
  const resources = (english: string) => tr("resources", english, language);
  const checkout = (english: string) => tr("checkout", english, language);
  const signup = (english: string) => tr("signup", english, language);

  test.describe(`a call that never answers (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
      // The page's timers run as usual; the test moves its clock past a deadline instead of waiting for it.
      await page.clock.install();
    });

    test("contact: the send gives up at its deadline with the error toast, keeps everything typed, and sends again", async ({ page }) => {
      const send = await stall(page, "**/api/contact_form");
      await page.goto(at(language, "/contact"));
      const form = page.getByRole("tabpanel");
      const fields = {
        [contact("Your name")]: "Luis Gómez",
        [contact("Business name")]: "Gables Dental",
        [contact("Email")]: "luis@example.com",
        [contact("Message")]: "Scrubs and towels, twice a week.",
      };
      for (const [label, value] of Object.entries(fields)) await form.getByRole("textbox", { name: label }).fill(value);
      await freeze(page);
      await form.getByRole("button", { name: contact("Submit") }).click();
      const sending = form.getByRole("button", { name: contact("Sending...") });
      await expect(sending).toBeDisabled();
      await passDeadline(page, SEND_DEADLINE_MS, () => expect(sending).toBeDisabled());
      await expect(page.getByText(contact("There was an error sending your message. Please try again."))).toBeVisible();
      // The keyboard's place is kept: the button pressed has the focus again, not the top of the page.
      await expect(form.getByRole("button", { name: contact("Submit") })).toBeFocused();
      for (const [label, value] of Object.entries(fields)) await expect(form.getByRole("textbox", { name: label })).toHaveValue(value);
      expect(send.held).toHaveLength(1);

      send.release();
      await form.getByRole("button", { name: contact("Submit") }).click();
      await expect(page.getByTestId("contact-confirmation").getByText(contact("Message Sent!"))).toBeVisible();
    });

    test("newsletter: the subscription gives up at its deadline, says so in the box, keeps the address, and subscribes again", async ({ page }) => {
      const send = await stall(page, "**/api/newsletter");
      await page.goto(at(language, "/blog"));
      const box = page.getByRole("region", { name: resources("Get our newsletter") });
      const email = box.getByRole("textbox", { name: resources("Email") });
      await email.fill("maria@example.com");
      await freeze(page);
      await box.getByRole("button", { name: resources("Subscribe") }).click();
      const subscribing = box.getByRole("button", { name: resources("Subscribing...") });
      await expect(subscribing).toBeDisabled();
      await passDeadline(page, SEND_DEADLINE_MS, () => expect(subscribing).toBeDisabled());
      await expect(box.getByText(resources("We couldn't subscribe you right now. Please try again."))).toBeVisible();
      await expect(box.getByRole("button", { name: resources("Subscribe") })).toBeFocused();
      await expect(email).toHaveValue("maria@example.com");

      send.release();
      await box.getByRole("button", { name: resources("Subscribe") }).click();
      await expect(box.getByText(resources("Thanks! You're on the list."))).toBeVisible();
    });

    test("login: the sign-in link's request gives up at its deadline, says so, keeps the address, and Try again sends it", async ({ page }) => {
      const send = await stall(page, "**/api/payments/create-portal-session/*");
      await page.goto(at(language, "/login"));
      const main = page.getByRole("main");
      const email = main.getByRole("textbox", { name: contact("Email") });
      await email.fill("maria@example.com");
      await freeze(page);
      await main.getByRole("button", { name: contact("Email me a link to my billing portal") }).click();
      const sending = main.getByRole("button", { name: contact("Sending...") });
      await expect(sending).toBeDisabled();
      await passDeadline(page, PAYMENT_DEADLINE_MS, () => expect(sending).toBeDisabled());
      await expect(main.getByRole("heading", { name: contact("We couldn't send the link right now. Please try again in a minute.") })).toBeVisible();
      await expect(email).toHaveValue("maria@example.com");

      send.release();
      await main.getByRole("button", { name: contact("Try again") }).click();
      await expect(main.getByRole("heading", { name: contact("Check your email") })).toBeVisible();
    });

    test("sign-up: the checkout's creation gives up at its deadline with the Payment Error toast on the summary, and paying again opens the checkout", async ({ page }) => {
      test.slow();
      const email = uniqueEmail(`deadline-pay-${language}`);
      await seedSavedCheckout(page, makeClient(email, await availableDays(page.request, offsets[language].pay), language));
      const create = await stall(page, "**/api/payments/create-checkout-session_signup");
      await page.goto(at(language, "/signup?resume=1"));
      const w = wizard(page, language);
      await w.expectStep(6);
      await freeze(page);
      await w.payButton.click();
      await expect.poll(() => create.held.length).toBe(1);
      const processing = page.getByRole("button", { name: signup("Processing..."), exact: true });
      await passDeadline(page, PAYMENT_DEADLINE_MS, () => expect(processing).toBeDisabled());
      // Said twice: in the toast and beside the pay button (the toast's code may not load offline).
      const toastRegion = page.getByRole("region", { name: /Notifications|Notificaciones/ });
      await expect(toastRegion.getByText(signup("Payment Error"), { exact: true })).toBeVisible();
      await expect(toastRegion.getByText(signup("Something went wrong. Please try again."))).toBeVisible();
      const inlineAlert = page.getByRole("form").getByRole("alert").filter({ hasText: signup("Payment Error") });
      await expect(inlineAlert).toContainText(signup("Something went wrong. Please try again."));
      await w.expectStep(6);
      await expect(w.payButton).toBeFocused();
      await expect(page.getByText(email)).toBeVisible();

      create.release();
      await w.payButton.click();
      await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    });

    test("sign-up: a payment page that does not open (Stop pressed while leaving) gives the summary back with a link to that page, which opens it", async ({ page }) => {
      test.slow();
      const email = uniqueEmail(`deadline-leave-${language}`);
      await seedSavedCheckout(page, makeClient(email, await availableDays(page.request, offsets[language].leave), language));
      // The visitor presses the browser's Stop as the payment page starts loading: its navigation ends as Stop ends it
      // (net::ERR_ABORTED, no error page), the page stays, and no event tells the page so.
      const hosted = { held: [] as string[], stopping: true };
      await page.route("**/sandbox/checkout/**", async (route) => {
        if (!hosted.stopping) return route.continue();
        hosted.held.push(route.request().url());
        await route.abort("aborted");
      });
      await page.goto(at(language, "/signup?resume=1"));
      const w = wizard(page, language);
      await w.expectStep(6);
      await freeze(page);
      await w.payButton.click();
      await expect.poll(() => hosted.held.length).toBe(1);
      const processing = page.getByRole("button", { name: signup("Processing..."), exact: true });
      await passDeadline(page, LEAVING_PATIENCE_MS, () => expect(processing).toBeDisabled());

      const notice = page.getByRole("form").getByRole("alert").filter({ hasText: signup("The payment page hasn't opened yet") });
      await expect(notice).toContainText(signup("It may still be loading. If it doesn't open, use this link, or press Complete and pay again."));
      const link = notice.getByRole("link", { name: signup("Open the payment page"), exact: true });
      await expect(link).toHaveAttribute("href", hosted.held[0]!);
      // The summary is usable again, nothing typed lost.
      await expect(w.payButton).toBeEnabled();
      await expect(w.backButton).toBeEnabled();
      await expect(page.getByText(email)).toBeVisible();
      await expectNoAxeViolations(page);

      hosted.stopping = false;
      await link.click();
      await expect(page).toHaveURL(hosted.held[0]!);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.getByRole("link", { name: tr("payments", "sandbox.checkout.cancel", language), exact: true })).toBeVisible();
    });

    test("payment success: stalled calls are given up one by one, the portal link's says so, and Try again gets it", async ({ page, baseURL }) => {
      test.slow();
      const email = uniqueEmail(`deadline-success-${language}`);
      const client = makeClient(email, await availableDays(page.request, offsets[language].success), language);
      // Paid from this browser's context: its cookie proves the paying browser, as after the hosted checkout.
      await payThroughApi(page.request, await createCheckout(page.request, baseURL!, client));
      await seedSavedCheckout(page, client);
      const orders = await stall(page, "**/api/order/create4customer");
      const portal = await stall(page, "**/api/payments/create-portal-session/*");
      await freeze(page);
      await page.goto(at(language, "/payment-success"));
      await expect(page.getByRole("heading", { level: 1, name: checkout("Payment Successful!") })).toBeVisible();
      const preparing = page.getByText(checkout("Preparing your billing portal…"));
      const button = page.getByRole("button", { name: checkout("Go to Billing Portal") });
      // The two orders, each given up at its deadline (the server's fulfilment made them when the payment went).
      for (const n of [1, 2]) {
        await expect.poll(() => orders.held.length).toBe(n);
        await passDeadline(page, PAYMENT_DEADLINE_MS, () => expect(preparing).toBeVisible(), { resume: false });
      }
      // Then the client is made active and the portal link asked for, which stalls too.
      await expect.poll(() => portal.held.length).toBe(1);
      await passDeadline(page, PAYMENT_DEADLINE_MS, () => expect(preparing).toBeVisible());
      await expect(page.getByText(checkout("We couldn't get your billing portal link right now. Your confirmation email also explains how to reach it."))).toBeVisible();
      await expect(button).toBeDisabled();

      portal.release();
      await page.getByRole("button", { name: checkout("Try again") }).click();
      await expect(button).toBeEnabled();
      expect(orders.held).toHaveLength(2);
    });

    test("payment canceled: a stalled rollback is given up at its deadline and the visitor is back on step 6, free to pay again", async ({ page, baseURL }) => {
      test.slow();
      const email = uniqueEmail(`deadline-cancel-${language}`);
      const client = makeClient(email, await availableDays(page.request, offsets[language].canceled), language);
      await createCheckout(page.request, baseURL!, client);
      await seedSavedCheckout(page, client);
      const rollback = await stall(page, "**/api/client/delete_by_email/*");
      await freeze(page);
      await page.goto(at(language, "/payment-canceled"));
      const status = page.getByRole("status").filter({ hasText: checkout("Redirecting… We're taking you back to finish your registration.") });
      await expect(status).toBeVisible();
      await expect.poll(() => rollback.held.length).toBe(1);
      await passDeadline(page, PAYMENT_DEADLINE_MS, () => expect(status).toBeVisible());
      await expect(page).toHaveURL(/\/signup$/);
      await expect(page.getByText(signup("Payment Canceled"), { exact: true })).toBeVisible();
      const w = wizard(page, language);
      await w.expectStep(6);
      await expect(page.getByText(email)).toBeVisible();

      // The pending client the rollback left is replaced by the next checkout of the same e-mail.
      rollback.release();
      await w.payButton.click();
      await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    });

    test("portal redirect: the welcome link's request gives up at its deadline, says so, and Try again opens the portal", async ({ page, request, baseURL }) => {
      test.slow();
      const email = uniqueEmail(`deadline-portal-${language}`);
      await payThroughApi(request, await createCheckout(request, baseURL!, makeClient(email, await availableDays(request, offsets[language].portal), language)));
      const link = await mailedLinkFor(request, email, /https?:\/\/\S+[?&]token=w\.\S+/, "a welcome e-mail");
      const portal = await stall(page, "**/api/payments/portal-session");
      await freeze(page);
      await page.goto(link);
      const redirecting = page.getByRole("heading", { level: 1, name: tr("home", "Redirecting to Billing Portal", language) });
      await expect(redirecting).toBeVisible();
      // The redirect's code shows after React's short reveal timer (its Suspense throttle), on the frozen clock:
      // stepped until the call is seen, which is within a step or a few of its start, far less than a second.
      await stepUntil(page, () => portal.held.length === 1, 50);
      await passDeadline(page, PAYMENT_DEADLINE_MS, () => expect(redirecting).toBeVisible(), { since: 1000 });
      await expect(page.getByRole("alert")).toHaveText(checkout("Failed to create portal session. Please try again."));

      portal.release();
      await page.getByRole("button", { name: checkout("Try again") }).click();
      await expect(page).toHaveURL(/\/sandbox\/portal\//);
      await expect(page.getByText(email)).toBeVisible();
    });
  });
}
