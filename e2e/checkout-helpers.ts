// Helpers of the checkout browser tests: a sign-up's client and checkout made through the public API, the
// saved form seeded in the tab, the page's API requests, the development mailbox, and texts from the catalogs.
import { readFileSync } from "node:fs";
import path from "node:path";
import PO from "pofile";
import type { APIRequestContext, Page, Request } from "@playwright/test";
import { expect, isoDay, type Language } from "./fixtures";
import { CHECKOUT_FORM_KEY } from "#domain/signup-storage";
import { SITE_CLIENT_HEADER } from "#contract/calls";
import { PICKUP_WINDOW_WEEKS } from "#domain/plan";

export { CHECKOUT_FORM_KEY };
export const PAY_CARD = "4242 4242 4242 4242";
export const DECLINED_CARD = "4000 0000 0000 0002";
/**
 * The header the site's API client sends on every call: a test calling an owner's route as the page would (with
 * the context's checkout cookie) sends it too, since without it the cookie proves nothing (docs/decisions/016).
 */
export const SITE_CALL = { headers: { [SITE_CLIENT_HEADER]: "1" } };

const root = path.resolve(import.meta.dirname, "..");
const catalogs = new Map<string, PO>();

/** A message of a catalog in the given language (by id for the server's explicit ids, else by English text). */
export function tr(catalog: string, id: string, language: Language): string {
  const key = `${language}/${catalog}`;
  if (!catalogs.has(key)) catalogs.set(key, PO.parse(readFileSync(path.join(root, "locales", language, `${catalog}.po`), "utf8")));
  const item = catalogs.get(key)!.items.find((i) => i.msgid === id);
  const text = item?.msgstr[0] || (language === "en" && !id.includes(".") ? id : "");
  if (!text) throw new Error(`No ${language} text for "${id}" in ${catalog}.po`);
  return text;
}

export const uniqueEmail = (tag: string) =>
  `checkout-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * The furthest start offset that still leaves two bookable days at any hour. The server counts its window (the last
 * bookable day is PICKUP_WINDOW_WEEKS weeks and 6 days ahead) from Miami's today, and isoDay from this machine's,
 * which in UTC is a day ahead every evening in Miami: offset 61 then finds one day, and only after 00:00 UTC.
 */
export const MAX_DAYS_OFFSET = PICKUP_WINDOW_WEEKS * 7 + 6 - 2;

/** Two available days of one week, starting `offset` days from today (offsets keep parallel tests apart). */
export async function availableDays(request: APIRequestContext, offset: number): Promise<[string, string]> {
  expect(offset, "a start offset that leaves two bookable days at any hour").toBeLessThanOrEqual(MAX_DAYS_OFFSET);
  const response = await request.get(`/api/signupday/${isoDay(offset)}`);
  expect(response.ok()).toBe(true);
  const { availability } = (await response.json()) as { availability: Record<string, boolean> };
  const days = Object.keys(availability).filter((d) => availability[d]).sort();
  expect(days.length, `available days from ${isoDay(offset)}`).toBeGreaterThanOrEqual(2);
  return [days[0]!, days[1]!];
}

export async function isAvailable(request: APIRequestContext, day: string): Promise<boolean> {
  const { availability } = (await (await request.get(`/api/signupday/${day}`)).json()) as { availability: Record<string, boolean> };
  return availability[day] === true;
}

export function makeClient(email: string, [pickupone, pickuptwo]: [string, string], language: Language, name = "Ana") {
  return {
    name,
    surname: "Pérez",
    email,
    phoneNumber: "(305) 555-0142",
    isActive: false,
    startdate: pickupone,
    pickupone,
    pickuptwo,
    detergent: "hypoallergenic",
    fabricsoftener: true,
    language,
    address: {
      street: "Brickell Avenue",
      number: 801,
      zip: "33131",
      city: "Miami",
      state: "FL",
      country: "USA",
      formatted_address: "801 Brickell Avenue, Miami, FL 33131, USA",
      unit: "12B",
      buildingName: "Brickell Tower",
      callBoxCode: "1234",
      gateCode: "",
      other: "",
      businessName: "",
      accessCode: "",
      openingHours: "",
      closingHours: "",
      parkingInstructions: "",
    },
  };
}
export type TestClient = ReturnType<typeof makeClient>;

/** The wizard's form for the client (the shape of src/domain/signup-form.ts), so resume=1 can restore it. */
export function makeForm(client: TestClient) {
  // The client's address is the form's address and, past its seventh field, the step-5 building details.
  const { street, number, zip, city, state, country, formatted_address, ...building } = client.address;
  return {
    firstName: client.name,
    lastName: client.surname,
    email: client.email,
    phone: client.phoneNumber,
    address: { street, number, zip, city, state, country, formatted_address },
    consent: true,
    terms: true,
    detergent: client.detergent,
    fabricSoftener: client.fabricsoftener,
    startDate: client.pickupone,
    picks: [client.pickupone, client.pickuptwo],
    startdate: client.startdate,
    pickupone: client.pickupone,
    pickuptwo: client.pickuptwo,
    buildingType: "apartment",
    building,
  };
}

/** Opens a checkout as the wizard's step 6 would: the success and cancel pages of this site. */
export async function createCheckout(request: APIRequestContext, baseURL: string, client: TestClient): Promise<string> {
  const response = await request.post("/api/payments/create-checkout-session_signup", {
    data: { success_url: `${baseURL}/payment-success`, cancel_url: `${baseURL}/payment-canceled`, client },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { checkout_url } = (await response.json()) as { checkout_url: string };
  return checkout_url;
}

/** Pays a checkout without a browser page (for tests that only need a paying client). */
export async function payThroughApi(request: APIRequestContext, checkoutUrl: string) {
  const response = await request.post(`${new URL(checkoutUrl).pathname}/pay`, { form: { card: PAY_CARD }, maxRedirects: 0 });
  expect(response.status()).toBe(303);
}

/** Saves the checkout in the tab's sessionStorage as the wizard does before leaving for the checkout. */
export async function seedSavedCheckout(page: Page, client: TestClient) {
  const saved = JSON.stringify({ form: makeForm(client), client, savedAt: new Date().toISOString() });
  await page.addInitScript(
    ([key, value]) => {
      if (!window.sessionStorage.getItem(key!)) window.sessionStorage.setItem(key!, value!);
    },
    [CHECKOUT_FORM_KEY, saved],
  );
}

export async function emailExists(request: APIRequestContext, email: string): Promise<boolean> {
  const response = await request.get(`/api/client/email_exists/${encodeURIComponent(email)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { exists: boolean }).exists;
}

export async function mailboxFor(request: APIRequestContext, email: string): Promise<Array<{ subject: string; to: string }>> {
  const response = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { messages: Array<{ subject: string; to: string }> }).messages;
}

/** The newest link to the address matching `pattern` in the development mailbox, waited for (delivery is queued). */
export async function mailedLinkFor(request: APIRequestContext, email: string, pattern: RegExp, what: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
        const { messages } = (await response.json()) as { messages: Array<{ text: string }> };
        for (const message of messages) {
          const found = pattern.exec(message.text);
          if (found) return (link = found[0]);
        }
        return "";
      },
      { message: `${what} to ${email}`, timeout: 20_000 },
    )
    .not.toBe("");
  return link;
}

/** The newest e-mailed sign-in link (single use) to the address. */
export const signInLinkFor = (request: APIRequestContext, email: string) =>
  mailedLinkFor(request, email, /https?:\/\/\S+[?&]token=s\.[A-Za-z0-9_-]{43}/, "a sign-in e-mail");

/** The page's own API calls, by path, as the browser sent them. */
export function recordApiRequests(page: Page) {
  const requests: string[] = [];
  const listener = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) requests.push(`${request.method()} ${url.pathname}`);
  };
  page.on("request", listener);
  return {
    requests,
    count: (fragment: string) => requests.filter((r) => r.includes(fragment)).length,
    clear: () => requests.splice(0),
  };
}

export const postPaymentCalls = ["/api/order/create4customer", "/api/client/set_active/", "/api/client/send_welcome_email"];

/**
 * The portal asked for and the first portal page that does not open: `asks` are the page's requests for a portal
 * session; the first portal page's navigation ends as the browser's Stop ends it (net::ERR_ABORTED, no error page, and
 * the page is not told), since Playwright neither reads a page nor moves its clock while a navigation is pending, as a
 * slow one would be. Later ones load; `stopped` holds the address of the one stopped.
 */
export async function stopFirstPortalPage(page: Page) {
  const asks: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/payments/create-portal-session/")) asks.push(request.url());
  });
  const stopped: string[] = [];
  await page.route("**/sandbox/portal/**", async (route) => {
    if (stopped.length > 0) return route.continue();
    stopped.push(route.request().url());
    await route.abort("aborted");
  });
  return { asks, stopped };
}
