// The sandbox provider's hosted pages, rendered on the server in the client's language. No inline script or
// style (the Content-Security-Policy forbids both): one stylesheet, plain forms that POST.
import type { I18n } from "@lingui/core";
import { brand } from "../../src/config/brand";
import type { Language } from "#contract/common";
import { PRICE_DUE_TODAY_CENTS, PRICE_WEEKLY_CENTS } from "#domain/plan";
import { html, type SafeHtml } from "../mail/html";
import { addDays, daysBetween } from "../services/dates";

export const SANDBOX_STYLESHEET = "/sandbox/assets/sandbox.css";

const locales: Record<Language, string> = { en: "en-US", es: "es-US" };

export function money(language: Language, cents: number): string {
  return new Intl.NumberFormat(locales[language], { style: "currency", currency: "USD" }).format(cents / 100);
}

/** A yyyy-mm-dd date written out in the language (the date itself has no time zone). */
export function longDate(language: Language, date: string): string {
  return new Intl.DateTimeFormat(locales[language], { dateStyle: "full", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

function layout(i18n: I18n, language: Language, title: string, body: SafeHtml): string {
  const testMode = i18n._({ id: "sandbox.testMode", message: "Test mode" });
  return html`<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · ${testMode}</title>
<link rel="icon" type="image/svg+xml" href="/logo.svg">
<link rel="stylesheet" href="${SANDBOX_STYLESHEET}">
</head>
<body>
<a class="skip" href="#content">${i18n._({ id: "sandbox.skipToContent", message: "Skip to content" })}</a>
<header class="banner">
<span class="brand">${brand.name}</span>
<span class="badge">${testMode}</span>
<p>${i18n._({ id: "sandbox.testModeNote", message: "Sandbox payments: no real card is charged." })}</p>
</header>
<main id="content">
${body}
</main>
<footer>
<p>${i18n._({ id: "sandbox.footer", message: "Payments handled by the sandbox provider built into {brand} for testing.", values: { brand: brand.name } })}</p>
</footer>
</body>
</html>
`.toString();
}

export interface CheckoutView {
  id: string;
  email: string;
  renewalDate: string;
  cancelUrl: string;
  /** The card number as typed, echoed back after a failed attempt. */
  card?: string;
  error?: "declined" | "invalid_card";
}

/** A page that says one thing and offers one way on: a heading, a card with a paragraph and a button. */
function messagePage(i18n: I18n, language: Language, title: string, text: string, action: { href: string; label: string }): string {
  return layout(
    i18n,
    language,
    title,
    html`<h1>${title}</h1>
<div class="card">
<p>${text}</p>
<div class="actions"><a class="button primary" href="${action.href}">${action.label}</a></div>
</div>`,
  );
}

const returnToSite = (i18n: I18n, href: string) => ({ href, label: i18n._({ id: "sandbox.returnToSite", message: "Return to {brand}", values: { brand: brand.name } }) });

export function checkoutPage(i18n: I18n, language: Language, view: CheckoutView): string {
  const title = i18n._({ id: "sandbox.checkout.title", message: "Complete your subscription" });
  const today = money(language, PRICE_DUE_TODAY_CENTS);
  const weekly = money(language, PRICE_WEEKLY_CENTS);
  const errorText =
    view.error === "declined"
      ? i18n._({ id: "sandbox.checkout.declined", message: "Your card was declined. No money was taken. Try another card." })
      : view.error === "invalid_card"
        ? i18n._({
            id: "sandbox.checkout.invalidCard",
            message: "This is not a test card number. Use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a decline.",
          })
        : undefined;
  const body = html`<h1>${title}</h1>
<section class="card" aria-labelledby="summary-heading">
<h2 id="summary-heading">${i18n._({ id: "sandbox.checkout.summary", message: "Order summary" })}</h2>
<dl class="lines">
<div class="line"><dt>${i18n._({ id: "sandbox.checkout.firstWeek", message: "First week, due today" })}</dt><dd>${today}</dd></div>
<div class="line"><dt>${i18n._({
    id: "sandbox.checkout.weekly",
    message: "Weekly plan from {date}",
    values: { date: longDate(language, view.renewalDate) },
  })}</dt><dd>${i18n._({ id: "sandbox.checkout.perWeek", message: "{amount} / week", values: { amount: weekly } })}</dd></div>
<div class="line"><dt>${i18n._({ id: "sandbox.checkout.tax", message: "Tax" })}</dt><dd>${money(language, 0)}</dd></div>
<div class="line total"><dt>${i18n._({ id: "sandbox.checkout.totalToday", message: "Total due today" })}</dt><dd>${today}</dd></div>
</dl>
<p class="note">${i18n._({ id: "sandbox.checkout.noTax", message: "No tax is charged in test mode." })}</p>
<p class="note">${i18n._({
    id: "sandbox.checkout.renewalNote",
    message: "Then {amount} every week, starting {date}. Cancel anytime in the billing portal.",
    values: { amount: weekly, date: longDate(language, view.renewalDate) },
  })}</p>
</section>
<section class="card" aria-labelledby="pay-heading">
<h2 id="pay-heading">${i18n._({ id: "sandbox.checkout.payWithCard", message: "Pay with card" })}</h2>
<p>${i18n._({ id: "sandbox.checkout.email", message: "Subscription for {email}", values: { email: view.email } })}</p>
${errorText ? html`<p class="alert danger" role="alert" id="card-error">${errorText}</p>` : ""}
<form method="post" action="/sandbox/checkout/${view.id}/pay" novalidate>
<label for="card">${i18n._({ id: "sandbox.checkout.cardNumber", message: "Card number" })}</label>
<input type="text" id="card" name="card" inputmode="numeric" autocomplete="cc-number" required
 value="${view.card ?? ""}" aria-describedby="${errorText ? "card-error card-hint" : "card-hint"}"${errorText ? html` aria-invalid="true"` : ""}>
<p class="hint" id="card-hint">${i18n._({
    id: "sandbox.checkout.cardHint",
    message: "Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.",
  })}</p>
<div class="actions">
<button type="submit" class="button primary">${i18n._({ id: "sandbox.checkout.pay", message: "Pay {amount}", values: { amount: today } })}</button>
<a class="button secondary" href="${view.cancelUrl}">${i18n._({ id: "sandbox.checkout.cancel", message: "Cancel" })}</a>
</div>
</form>
</section>`;
  return layout(i18n, language, title, body);
}

/**
 * `signupUrl`: step 6 of the sign-up again (/signup?resume=1 in the page's language), not the cancel address: an
 * expired checkout was replaced or has timed out, and a rollback from here would cancel the newer checkout that
 * replaced it (another tab's) instead.
 */
export function checkoutExpiredPage(i18n: I18n, language: Language, signupUrl: string): string {
  return messagePage(
    i18n,
    language,
    i18n._({ id: "sandbox.checkout.expiredTitle", message: "This checkout has expired" }),
    i18n._({
      id: "sandbox.checkout.expiredText",
      message: "Checkout links stay open for 30 minutes, and a newer sign-up replaces an older one. Nothing was charged. Go back and start the checkout again.",
    }),
    { href: signupUrl, label: i18n._({ id: "sandbox.checkout.backToSignup", message: "Back to sign-up" }) },
  );
}

export function notFoundPage(i18n: I18n, language: Language, returnUrl: string): string {
  return messagePage(
    i18n,
    language,
    i18n._({ id: "sandbox.notFound.title", message: "Link not found" }),
    i18n._({ id: "sandbox.notFound.text", message: "This payment link does not exist. Check the address, or start again from the site." }),
    returnToSite(i18n, returnUrl),
  );
}

export interface Invoice {
  date: string;
  description: "first" | "weekly";
  cents: number;
}

export interface PortalView {
  id: string;
  email: string;
  status: "active" | "canceled";
  /** Local date (yyyy-mm-dd) it was canceled, when it was. */
  canceledOn?: string;
  nextRenewal?: string;
  weeklyCents: number;
  cardBrand: string;
  cardLast4: string;
  invoices: Invoice[];
  returnUrl: string;
  /** Just canceled by this visit. */
  justCanceled?: boolean;
}

/** The first charge and every weekly renewal up to today (and not after a cancellation), newest first. */
export function invoicesUntil(options: { paidOn: string; renewalDate: string; today: string; endedOn?: string; firstCents: number; weeklyCents: number }): Invoice[] {
  const invoices: Invoice[] = [{ date: options.paidOn, description: "first", cents: options.firstCents }];
  const last = options.endedOn && options.endedOn < options.today ? options.endedOn : options.today;
  for (let date = options.renewalDate; date <= last; date = addDays(date, 7)) {
    invoices.push({ date, description: "weekly", cents: options.weeklyCents });
  }
  return invoices.reverse();
}

/** The next weekly charge after today: the renewal date, or a later week once it has passed (charged at 00:00). */
export function nextRenewalDate(renewalDate: string, today: string): string {
  if (renewalDate > today) return renewalDate;
  return addDays(renewalDate, 7 * (Math.floor(daysBetween(renewalDate, today) / 7) + 1));
}

export function portalPage(i18n: I18n, language: Language, view: PortalView): string {
  const title = i18n._({ id: "sandbox.portal.title", message: "Your subscription" });
  const weekly = money(language, view.weeklyCents);
  const statusText =
    view.status === "active"
      ? i18n._({ id: "sandbox.portal.active", message: "Active" })
      : i18n._({ id: "sandbox.portal.canceledOn", message: "Canceled on {date}", values: { date: longDate(language, view.canceledOn ?? "") } });
  const invoiceRows = view.invoices.map(
    (invoice) => html`<tr><td>${longDate(language, invoice.date)}</td><td>${
      invoice.description === "first"
        ? i18n._({ id: "sandbox.portal.invoiceFirst", message: "First week" })
        : i18n._({ id: "sandbox.portal.invoiceWeekly", message: "Weekly plan" })
    }</td><td class="amount">${money(language, invoice.cents)}</td><td>${i18n._({ id: "sandbox.portal.paid", message: "Paid" })}</td></tr>`,
  );
  const body = html`<h1>${title}</h1>
${view.justCanceled ? html`<p class="alert success" role="status">${i18n._({ id: "sandbox.portal.canceledNotice", message: "Your subscription has been canceled. No further weekly charges will be made." })}</p>` : ""}
<section class="card" aria-labelledby="plan-heading">
<h2 id="plan-heading">${i18n._({ id: "sandbox.portal.plan", message: "Plan" })}</h2>
<dl class="lines">
<div class="line"><dt>${i18n._({ id: "sandbox.portal.weeklyPlan", message: "Weekly Plan" })}</dt><dd>${i18n._({ id: "sandbox.checkout.perWeek", message: "{amount} / week", values: { amount: weekly } })}</dd></div>
<div class="line"><dt>${i18n._({ id: "sandbox.portal.status", message: "Status" })}</dt><dd><span class="status ${view.status}">${statusText}</span></dd></div>
${
  view.status === "active" && view.nextRenewal
    ? html`<div class="line"><dt>${i18n._({ id: "sandbox.portal.nextRenewal", message: "Next renewal" })}</dt><dd>${longDate(language, view.nextRenewal)} · ${weekly}</dd></div>`
    : ""
}
<div class="line"><dt>${i18n._({ id: "sandbox.portal.account", message: "Account" })}</dt><dd>${view.email}</dd></div>
</dl>
</section>
<section class="card" aria-labelledby="method-heading">
<h2 id="method-heading">${i18n._({ id: "sandbox.portal.paymentMethod", message: "Payment method" })}</h2>
<p>${i18n._({ id: "sandbox.portal.cardEnding", message: "{brand} ending in {last4}", values: { brand: view.cardBrand, last4: view.cardLast4 } })}</p>
</section>
<section class="card" aria-labelledby="invoices-heading">
<h2 id="invoices-heading">${i18n._({ id: "sandbox.portal.invoices", message: "Invoices" })}</h2>
<table>
<thead><tr><th scope="col">${i18n._({ id: "sandbox.portal.date", message: "Date" })}</th><th scope="col">${i18n._({
    id: "sandbox.portal.description",
    message: "Description",
  })}</th><th scope="col" class="amount">${i18n._({ id: "sandbox.portal.amount", message: "Amount" })}</th><th scope="col">${i18n._({
    id: "sandbox.portal.invoiceStatus",
    message: "Status",
  })}</th></tr></thead>
<tbody>${invoiceRows}</tbody>
</table>
<p class="note">${i18n._({ id: "sandbox.checkout.noTax", message: "No tax is charged in test mode." })}</p>
</section>
${
  view.status === "active"
    ? html`<section class="card" aria-labelledby="cancel-heading">
<h2 id="cancel-heading">${i18n._({ id: "sandbox.portal.cancelHeading", message: "Cancel subscription" })}</h2>
<p id="cancel-note">${i18n._({
        id: "sandbox.portal.cancelNote",
        message: "Canceling stops the weekly charges and pickups from the next renewal. You can sign up again anytime.",
      })}</p>
<form method="get" action="/sandbox/portal/${view.id}/cancel">
<button type="submit" class="button danger" aria-describedby="cancel-note">${i18n._({ id: "sandbox.portal.cancel", message: "Cancel subscription" })}</button>
</form>
</section>`
    : ""
}
<div class="actions"><a class="button secondary" href="${view.returnUrl}">${returnToSite(i18n, view.returnUrl).label}</a></div>`;
  return layout(i18n, language, title, body);
}

export interface CancelConfirmView {
  id: string;
  weeklyCents: number;
  /** The paid pickups still to come (yyyy-mm-dd), which a cancellation leaves in place. */
  paidPickups: string[];
}

/** Asks before canceling, and says what happens to the pickups already paid (product.md PAY-7). */
export function cancelConfirmPage(i18n: I18n, language: Language, view: CancelConfirmView): string {
  const title = i18n._({ id: "sandbox.cancel.title", message: "Cancel your subscription?" });
  const list = new Intl.ListFormat(locales[language], { type: "conjunction" }).format(view.paidPickups.map((d) => longDate(language, d)));
  const pickups = view.paidPickups.length
    ? i18n._({ id: "sandbox.cancel.paidPickups", message: "The pickups you have already paid for still take place: {pickups}.", values: { pickups: list } })
    : i18n._({ id: "sandbox.cancel.noPickups", message: "You have no paid pickups left to come." });
  return layout(
    i18n,
    language,
    title,
    html`<h1>${title}</h1>
<section class="card" aria-labelledby="what-heading">
<h2 id="what-heading">${i18n._({ id: "sandbox.cancel.whatHappens", message: "What happens" })}</h2>
<ul class="facts">
<li>${i18n._({
      id: "sandbox.cancel.charges",
      message: "Your weekly plan ({amount} / week) ends today: no further weekly charges, and no new pickups are scheduled.",
      values: { amount: money(language, view.weeklyCents) },
    })}</li>
<li>${pickups}</li>
<li>${i18n._({ id: "sandbox.cancel.email", message: "We'll e-mail you a confirmation. You can sign up again anytime." })}</li>
</ul>
<form method="post" action="/sandbox/portal/${view.id}/cancel">
<div class="actions">
<button type="submit" class="button danger">${i18n._({ id: "sandbox.cancel.confirm", message: "Yes, cancel my subscription" })}</button>
<a class="button secondary" href="/sandbox/portal/${view.id}">${i18n._({ id: "sandbox.cancel.keep", message: "Keep my subscription" })}</a>
</div>
</form>
</section>`,
  );
}

export function portalExpiredPage(i18n: I18n, language: Language, returnUrl: string): string {
  return messagePage(
    i18n,
    language,
    i18n._({ id: "sandbox.portal.expiredTitle", message: "This link has expired" }),
    i18n._({
      id: "sandbox.portal.expiredText",
      message: "Billing portal links work for one hour. Open the billing portal again from the site to get a new link.",
    }),
    returnToSite(i18n, returnUrl),
  );
}
