// The e-mails: subject, HTML and text of each kind, in the message's language from the mail catalogs.
import type { I18n } from "@lingui/core";
import { format, parseISO } from "date-fns";
import { enUS, es } from "date-fns/locale";
import { brand, buyerFacts, formatHour } from "../../src/config/brand";
import type { Language } from "#contract/common";
import { formatUsd, PRICE_DUE_TODAY_CENTS, PRICE_WEEKLY_CENTS, renewalDate, SERVICE_TIME_ZONE } from "#domain/plan";
import { html, SafeHtml } from "./html";
import { serverI18n } from "../i18n";
import {
  emailDataSchemas,
  type CancellationData,
  type CancellationScheduledData,
  type CancellationUndoneData,
  type CapacityExceededData,
  type ContactNotificationData,
  type DisputeNoticeData,
  type EmailKind,
  type NonPaymentReason,
  type PaidWithoutServiceData,
  type SignInData,
  type WelcomeData,
} from "./outbox";
import { unseal } from "../auth/crypto";
import { homeAddress, portalLink, signWelcomeToken, siteAddress } from "../auth/portal-access";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
}

export interface RenderContext {
  /** The site's own origin, e.g. https://freshfold.example (no trailing slash). */
  publicUrl: string;
  /** The server secret: signs the welcome e-mail's portal token and unseals sign-in links. */
  secret?: string;
  /** The clock of the portal token's expiry (default: the system clock). */
  now?: () => Date;
}

export interface EmailToRender {
  kind: EmailKind;
  to: string;
  language: Language;
  data: Record<string, unknown>;
}

/** A problem with the message itself (bad data): retrying cannot help. */
export class TemplateError extends Error {
  override name = "TemplateError";
}

const dateLocales = { en: enUS, es } as const;
const longDate = { en: "EEEE, MMMM d, yyyy", es: "EEEE d 'de' MMMM 'de' yyyy" } as const;

const colors = { brand: "#0f766e", ink: "#1f2937", muted: "#6b7280", sand: "#f7f3ec", line: "#e5e7eb" };

/**
 * The document every e-mail shares: a white card, 600px at most, centred on a coloured page; `rows` are the
 * card's rows (header, body, footer).
 */
function emailDocument(
  language: Language,
  title: string,
  look: { page: string; ink: string; colorScheme?: boolean; clip?: boolean },
  rows: SafeHtml,
): string {
  return html`<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${look.colorScheme ? html`<meta name="color-scheme" content="light">\n` : null}<title>${title}</title>
</head>
<body style="margin:0;padding:0;background:${look.page};color:${look.ink};font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${look.page}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px${look.clip ? html`;overflow:hidden` : null}">
${rows}
</table>
</td></tr>
</table>
</body>
</html>
`.value;
}

function layout(language: Language, title: string, body: SafeHtml, footer: SafeHtml): string {
  return emailDocument(
    language,
    title,
    { page: colors.sand, ink: colors.ink },
    html`<tr><td style="padding:24px 28px 8px;font-size:20px;font-weight:bold;color:${colors.brand}">${brand.name}</td></tr>
<tr><td style="padding:8px 28px 24px">${body}</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid ${colors.line};font-size:13px;color:${colors.muted}">${footer}</td></tr>`,
  );
}

/** A paragraph's spacing in the e-mails' bodies. */
const paragraph = "margin:0 0 16px";

/** The e-mail's heading (its first line, as in the text part). */
const heading1 = (text: string, color: string) => html`<h1 style="margin:0 0 16px;font-size:24px;color:${color}">${text}</h1>`;

/** A link shown as a button: mail clients keep only inline styles. */
const button = (href: string, label: string, background: string) =>
  html`<a href="${href}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:${background};color:#ffffff;font-weight:bold;text-decoration:none">${label}</a>`;

/** The footer's postal lines: name and address, then phone and e-mail (`email`: the address as shown, by default as text). */
const postalFooter = (email: SafeHtml | string = brand.email) => html`${brand.name} · ${brand.street} · ${brand.cityLine}<br>${brand.phone} · ${email}`;

/** The text part's signature: the separator and the postal line. */
const textSignature = ["--", `${brand.name}, ${brand.street}, ${brand.cityLine}`];

/** A day in full in the message's language ("Monday, December 7, 2026", "lunes 7 de diciembre de 2026"). */
const longDay = (language: Language, day: string) => format(parseISO(day), longDate[language], { locale: dateLocales[language] });

/** The site's colours (src/styles.css), inline: mail clients keep no style sheet. */
const welcomeColors = {
  brand: "#0e5e6f",
  brandDark: "#08323b",
  brandLight: "#eef8f9",
  coral: "#ffb4a2",
  sand: "#f7f3ea",
  ink: "#14232a",
  muted: "#4a5d66",
  line: "#d3eef1",
};

/** The welcome e-mail's frame: the site's logo and colours on a header bar (the other e-mails keep `layout`). */
function welcomeLayout(language: Language, title: string, body: SafeHtml, footer: SafeHtml, publicUrl: string): string {
  const c = welcomeColors;
  return emailDocument(
    language,
    title,
    { page: c.sand, ink: c.ink, colorScheme: true, clip: true },
    html`<tr><td style="padding:16px 28px;background:${c.brand};border-bottom:4px solid ${c.coral}">
<a href="${homeAddress(publicUrl, language)}" style="color:#ffffff;text-decoration:none;font-size:20px;font-weight:bold"><img src="${publicUrl}/images/logo-mail.png" width="40" height="40" alt="" style="vertical-align:middle;border:0;margin-right:10px">${brand.name}</a>
</td></tr>
<tr><td style="padding:24px 28px">${body}</td></tr>
<tr><td style="padding:16px 28px 24px;background:${c.brandLight};font-size:13px;color:${c.muted}">${footer}</td></tr>`,
  );
}

/** The access instructions the client gave, labelled, in the order of the sign-up's step 5. */
function welcomeAccess(i18n: I18n, address: WelcomeData["address"]): Array<[string, string]> {
  if (!address) return [];
  const labels: Array<[keyof NonNullable<WelcomeData["address"]>, string]> = [
    ["businessName", i18n._({ id: "mail.welcome.access.businessName", message: "Business name" })],
    ["buildingName", i18n._({ id: "mail.welcome.access.buildingName", message: "Building" })],
    ["callBoxCode", i18n._({ id: "mail.welcome.access.callBoxCode", message: "Call box code" })],
    ["gateCode", i18n._({ id: "mail.welcome.access.gateCode", message: "Gate code" })],
    ["accessCode", i18n._({ id: "mail.welcome.access.accessCode", message: "Access code" })],
    ["openingHours", i18n._({ id: "mail.welcome.access.openingHours", message: "Opening hours" })],
    ["closingHours", i18n._({ id: "mail.welcome.access.closingHours", message: "Closing hours" })],
    ["parkingInstructions", i18n._({ id: "mail.welcome.access.parking", message: "Parking" })],
    ["other", i18n._({ id: "mail.welcome.access.other", message: "Other instructions" })],
  ];
  return labels.flatMap(([key, label]) => {
    const value = address[key];
    return typeof value === "string" && value.trim() ? [[label, value.trim()] as [string, string]] : [];
  });
}

const startsWithNumber = (street: string, number: number) => new RegExp(`^\\s*${number}(?![0-9])`).test(street);

/** The address as one line: number and street, unit, ZIP and city. */
function welcomeAddressLine(i18n: I18n, address: WelcomeData["address"]): string | null {
  if (!address?.street) return null;
  // The site's street line already starts with the house number (typed or from autocomplete); other callers of the
  // spec's API may send the street name alone with the number apart.
  const street = address.number && !startsWithNumber(address.street, address.number) ? `${address.number} ${address.street}` : address.street;
  const unit = address.unit?.trim() ? i18n._({ id: "mail.welcome.unit", message: "Unit {unit}", values: { unit: address.unit.trim() } }) : null;
  const city = [address.city, [address.state, address.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [street, unit, city].filter(Boolean).join(", ");
}

async function renderWelcome(i18n: I18n, email: EmailToRender, data: WelcomeData, context: RenderContext): Promise<RenderedEmail> {
  const language = email.language;
  const locale = dateLocales[language];
  const dates = [...data.pickupDates].sort();
  const first = dates[0] as string;
  const renewal = data.renewalDate ?? renewalDate(first);
  const weekday = (d: string) => format(parseISO(d), "EEEE", { locale });
  // The portal link carries a sealed token for this address only (30 days) and never the address itself; without a
  // secret, the login page, which e-mails a sign-in link. The HTML shows it only as a labelled button.
  const portalUrl = context.secret
    ? portalLink(context.publicUrl, signWelcomeToken(context.secret, email.to, context.now?.() ?? new Date()), language)
    : siteAddress(context.publicUrl, "/login", language);
  const values = {
    brand: brand.name,
    firstName: data.firstName,
    amountToday: formatUsd(PRICE_DUE_TODAY_CENTS),
    amountWeekly: formatUsd(PRICE_WEEKLY_CENTS),
    renewalDate: longDay(language, renewal),
    firstDay: weekday(dates[0] as string),
    secondDay: weekday(dates[1] as string),
    firstDate: longDay(language, dates[0] as string),
    secondDate: longDay(language, dates[1] as string),
    phone: brand.phone,
    email: brand.email,
    pickupFrom: formatHour(buyerFacts.pickupWindow.from, language),
    pickupTo: formatHour(buyerFacts.pickupWindow.to, language),
    deliveryFrom: formatHour(buyerFacts.deliveryWindow.from, language),
    deliveryTo: formatHour(buyerFacts.deliveryWindow.to, language),
    pounds: buyerFacts.poundsPerPickup,
  };

  const subject = i18n._({ id: "mail.welcome.subject", message: "Welcome to {brand}, {firstName}! Your weekly plan is active", values });
  const heading = i18n._({ id: "mail.welcome.heading", message: "Welcome, {firstName}!", values });
  const intro = i18n._({
    id: "mail.welcome.intro",
    message: "Thank you for subscribing to weekly laundry pickup and delivery with {brand}. Your plan is active.",
    values,
  });
  const planHeading = i18n._({ id: "mail.welcome.planHeading", message: "Your weekly plan", values });
  const chargedToday = i18n._({ id: "mail.welcome.chargedToday", message: "Charged today: {amountToday}", values });
  const weekly = i18n._({ id: "mail.welcome.weekly", message: "Then {amountWeekly} every week, starting {renewalDate}.", values });
  const pickupDays = i18n._({ id: "mail.welcome.pickupDays", message: "Your pickup days: every {firstDay} and {secondDay}.", values });
  const firstPickups = i18n._({ id: "mail.welcome.firstPickups", message: "First pickups: {firstDate} and {secondDate}.", values });
  const included = i18n._({
    id: "mail.welcome.included",
    message: "Your detergent and softener choices are included. Amounts are before any applicable sales tax.",
    values,
  });
  // What the client chose, confirmed: detergent, softener, address and access instructions.
  const choicesHeading = i18n._({ id: "mail.welcome.choicesHeading", message: "Your choices", values });
  const detergentLine =
    data.detergent === undefined
      ? null
      : i18n._({
          id: "mail.welcome.detergent",
          message: "Detergent: {detergent}",
          values: {
            detergent:
              data.detergent === "hypoallergenic"
                ? i18n._({ id: "mail.welcome.detergentHypoallergenic", message: "hypoallergenic (fragrance- and dye-free)" })
                : i18n._({ id: "mail.welcome.detergentScented", message: "scented (eco-friendly, light fresh scent)" }),
          },
        });
  const softenerLine =
    data.fabricSoftener === undefined
      ? null
      : data.fabricSoftener
        ? i18n._({ id: "mail.welcome.softenerYes", message: "Fabric softener: yes" })
        : i18n._({ id: "mail.welcome.softenerNo", message: "Fabric softener: no" });
  const addressLine = welcomeAddressLine(i18n, data.address);
  const addressText = addressLine ? i18n._({ id: "mail.welcome.address", message: "Pickup address: {address}", values: { address: addressLine } }) : null;
  const access = welcomeAccess(i18n, data.address);
  const accessHeading = i18n._({ id: "mail.welcome.accessHeading", message: "Access instructions", values });
  const choices = [detergentLine, softenerLine, addressText].filter((line): line is string => line !== null);
  const fixChoices = i18n._({ id: "mail.welcome.fixChoices", message: "Something not right? Reply to this e-mail or call us at {phone} and we will fix it before your first pickup.", values });
  // What to expect on the first pickup day.
  const firstDayHeading = i18n._({ id: "mail.welcome.firstDayHeading", message: "Your first pickup day: {firstDate}", values });
  const firstDaySteps = [
    i18n._({ id: "mail.welcome.firstDay.window", message: "Leave your laundry out between {pickupFrom} and {pickupTo}: at your door, with the concierge or at the front desk.", values }),
    buyerFacts.bag === "provided"
      ? i18n._({ id: "mail.welcome.firstDay.bagProvided", message: "For this first pickup use any bag; our driver leaves you a reusable FreshFold bag for the weeks after.", values })
      : i18n._({ id: "mail.welcome.firstDay.bagYours", message: "Use any bag you like, closed and with your name on it.", values }),
    i18n._({ id: "mail.welcome.firstDay.amount", message: "Each pickup covers up to {pounds} lb of laundry. Empty the pockets and tell us about stains or delicate items.", values }),
    i18n._({ id: "mail.welcome.firstDay.delivery", message: "It comes back clean and folded within 24 hours, usually the next day between {deliveryFrom} and {deliveryTo}.", values }),
  ];
  const manageHeading = i18n._({ id: "mail.welcome.manageHeading", message: "Manage your subscription", values });
  const manageText = i18n._({
    id: "mail.welcome.manageText",
    message: "Update your card, see your invoices or cancel anytime in the billing portal.",
    values,
  });
  const portalButton = i18n._({ id: "mail.welcome.portalButton", message: "Open the billing portal", values });
  const cancelAnytime = i18n._({ id: "mail.welcome.cancelAnytime", message: "Cancel anytime: there is no long-term commitment.", values });
  const questions = i18n._({ id: "mail.welcome.questions", message: "Questions? Call us at {phone} or write to {email}.", values });
  const signOff = i18n._({ id: "mail.welcome.signOff", message: "See you on pickup day,", values });
  const team = i18n._({ id: "mail.welcome.team", message: "The {brand} team", values });
  const why = i18n._({
    id: "mail.welcome.why",
    message: "You are receiving this e-mail because you subscribed to {brand}.",
    values,
  });

  const c = welcomeColors;
  const p = paragraph;
  const h2 = `margin:24px 0 8px;font-size:18px;color:${c.brandDark}`;
  const box = `margin:0 0 16px;padding:12px 16px;border-radius:8px;background:${c.brandLight};border-left:4px solid ${c.brand}`;
  const list = (items: string[]) => html`<ul style="margin:0;padding-left:20px">${items.map((item) => html`<li>${item}</li>`)}</ul>`;
  const accessList = access.length ? html`<p style="margin:12px 0 4px;font-weight:bold">${accessHeading}</p>${list(access.map(([label, value]) => `${label}: ${value}`))}` : html``;
  const body = html`${heading1(heading, c.brandDark)}
<p style="${p}">${intro}</p>
<h2 style="${h2}">${planHeading}</h2>
<div style="${box}">
<ul style="margin:0;padding-left:20px">
<li><strong>${chargedToday}</strong></li>
<li>${weekly}</li>
<li>${pickupDays}</li>
<li>${firstPickups}</li>
</ul>
</div>
<p style="${p};font-size:14px;color:${c.muted}">${included}</p>
${choices.length || access.length ? html`<h2 style="${h2}">${choicesHeading}</h2><div style="${box}">${list(choices)}${accessList}</div><p style="${p};font-size:14px;color:${c.muted}">${fixChoices}</p>` : html``}
<h2 style="${h2}">${firstDayHeading}</h2>
${list(firstDaySteps)}
<h2 style="${h2}">${manageHeading}</h2>
<p style="${p}">${manageText}</p>
<p style="${p}">${button(portalUrl, portalButton, c.brand)}</p>
<p style="${p}">${cancelAnytime}</p>
<p style="${p}">${questions}</p>
<p style="margin:0">${signOff}<br>${team}</p>`;
  const footer = html`${postalFooter(html`<a href="mailto:${brand.email}" style="color:${c.muted}">${brand.email}</a>`)}<br>${why}`;

  const text = [
    heading,
    "",
    intro,
    "",
    planHeading,
    `- ${chargedToday}`,
    `- ${weekly}`,
    `- ${pickupDays}`,
    `- ${firstPickups}`,
    included,
    ...(choices.length || access.length
      ? ["", choicesHeading, ...choices.map((line) => `- ${line}`), ...(access.length ? [`${accessHeading}:`, ...access.map(([label, value]) => `- ${label}: ${value}`)] : []), fixChoices]
      : []),
    "",
    firstDayHeading,
    ...firstDaySteps.map((line) => `- ${line}`),
    "",
    manageHeading,
    manageText,
    // Plain text has no buttons: the link is labelled by the line above it.
    `${portalButton}:`,
    portalUrl,
    "",
    cancelAnytime,
    questions,
    "",
    signOff,
    team,
    "",
    ...textSignature,
    `${brand.phone} · ${brand.email}`,
    why,
    "",
  ].join("\n");
  return { subject, html: welcomeLayout(language, subject, body, footer, context.publicUrl), text };
}

/** A moment in the service's time zone, for the operator (who is in Miami). */
function formatInServiceZone(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const local = new Intl.DateTimeFormat("en-US", { timeZone: SERVICE_TIME_ZONE, dateStyle: "full", timeStyle: "short" }).format(date).replace(/\u202f/g, " ");
  return `${local} (${SERVICE_TIME_ZONE})`;
}

/** The time a contact message arrived. */
const formatReceived = (value: string | undefined): string | undefined => (value ? formatInServiceZone(value) : undefined);

async function renderContactNotification(i18n: I18n, data: ContactNotificationData): Promise<RenderedEmail> {
  const typeLabel =
    data.type === "commercial"
      ? i18n._({ id: "mail.contact.typeCommercial", message: "Commercial" })
      : i18n._({ id: "mail.contact.typeResidential", message: "Residential" });
  const languageLabel =
    data.language === "es"
      ? i18n._({ id: "mail.contact.languageSpanish", message: "Spanish" })
      : data.language === "en"
        ? i18n._({ id: "mail.contact.languageEnglish", message: "English" })
        : undefined;
  const values = { name: data.name, type: typeLabel };
  const subject = i18n._({ id: "mail.contact.subject", message: "New contact message ({type}) from {name}", values });
  const heading = i18n._({ id: "mail.contact.heading", message: "New contact message", values });
  const replyHint = i18n._({ id: "mail.contact.replyHint", message: "Reply to this e-mail to answer {name} directly.", values });
  const rows: [string, string | undefined][] = [
    [i18n._({ id: "mail.contact.fieldType", message: "Type" }), typeLabel],
    [i18n._({ id: "mail.contact.fieldName", message: "Name" }), data.name],
    [i18n._({ id: "mail.contact.fieldBusinessName", message: "Business name" }), data.type === "commercial" ? data.businessName : undefined],
    [i18n._({ id: "mail.contact.fieldEmail", message: "E-mail" }), data.email],
    [i18n._({ id: "mail.contact.fieldPhone", message: "Phone" }), data.phone],
    [i18n._({ id: "mail.contact.fieldLanguage", message: "Site language" }), languageLabel],
    [i18n._({ id: "mail.contact.fieldReceived", message: "Received" }), formatReceived(data.receivedAt)],
  ];
  const shown = rows.filter((row): row is [string, string] => !!row[1]);
  const messageLabel = i18n._({ id: "mail.contact.fieldMessage", message: "Message" });
  const cell = `padding:6px 12px 6px 0;vertical-align:top;border-bottom:1px solid ${colors.line}`;
  const body = html`<h1 style="margin:0 0 16px;font-size:22px">${heading}</h1>
<p style="margin:0 0 16px">${replyHint}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">
${shown.map(([label, value]) => html`<tr><th scope="row" align="left" style="${cell};color:${colors.muted};font-weight:normal">${label}</th><td style="${cell}">${value}</td></tr>\n`)}
</table>
<h2 style="margin:0 0 8px;font-size:16px">${messageLabel}</h2>
<p style="margin:0;white-space:pre-wrap">${data.message}</p>`;
  const text = [heading, "", replyHint, "", ...shown.map(([label, value]) => `${label}: ${value}`), "", `${messageLabel}:`, data.message, ""].join(
    "\n",
  );
  return { subject, html: layout("en", subject, body, html`${brand.name}`), text, replyTo: data.email };
}

/** The operator's notice of a day past capacity: paid customers are never turned away, so the day needs more hands. */
async function renderCapacityExceeded(i18n: I18n, language: Language, data: CapacityExceededData): Promise<RenderedEmail> {
  const values = { date: longDay(language, data.date), orders: data.orders, capacity: data.capacity, over: data.orders - data.capacity };
  const subject = i18n._({ id: "mail.capacity.subject", message: "{date}: {orders} pickups booked, over the capacity of {capacity}", values });
  const heading = i18n._({ id: "mail.capacity.heading", message: "A pickup day is over capacity", values });
  const explain = i18n._({
    id: "mail.capacity.explain",
    message:
      "{date} now has {orders} pickups booked, {over} more than the daily capacity of {capacity}. A customer paid after the day had filled up; paying customers are never turned away, so the extra pickups are booked.",
    values,
  });
  const action = i18n._({ id: "mail.capacity.action", message: "Please plan extra capacity for that day, or contact the customers to move a pickup.", values });
  const body = html`<h1 style="margin:0 0 16px;font-size:22px">${heading}</h1>
<p style="margin:0 0 16px">${explain}</p>
<p style="margin:0">${action}</p>`;
  const text = [heading, "", explain, "", action, ""].join("\n");
  return { subject, html: layout(language, subject, body, html`${brand.name}`), text };
}

/** An amount in the currency's smallest unit, as Stripe gives it (1999 usd: "$19.99"). */
function formatMoney(amount: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() });
    return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return `${amount} ${currency.toUpperCase()} (smallest unit)`;
  }
}

/** An operator notice's facts: a table in the HTML part, "Label: value" lines in the text part. */
function operatorNotice(subject: string, heading: string, intro: string, rows: [string, string | null | undefined][], link?: { href: string; label: string }): RenderedEmail {
  const shown = rows.filter((row): row is [string, string] => !!row[1]);
  const cell = `padding:6px 12px 6px 0;vertical-align:top;border-bottom:1px solid ${colors.line}`;
  const body = html`<h1 style="margin:0 0 16px;font-size:22px">${heading}</h1>
<p style="margin:0 0 16px">${intro}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">
${shown.map(([label, value]) => html`<tr><th scope="row" align="left" style="${cell};color:${colors.muted};font-weight:normal">${label}</th><td style="${cell}">${value}</td></tr>\n`)}
</table>
${link ? html`<p style="margin:0">${button(link.href, link.label, colors.brand)}</p>\n<p style="margin:8px 0 0;font-size:14px;word-break:break-all"><a href="${link.href}" style="color:${colors.brand}">${link.href}</a></p>` : null}`;
  const text = [heading, "", intro, "", ...shown.map(([label, value]) => `${label}: ${value}`), ...(link ? ["", `${link.label}: ${link.href}`] : []), ""].join("\n");
  return { subject, html: layout("en", subject, body, html`${brand.name}`), text };
}

/** Our client as a notice names it: "Ana Pérez <ana@example.com>, ZIP 33131". */
const clientLine = (client: { name: string; email: string; zip: string } | undefined) => (client ? `${client.name} <${client.email}>, ZIP ${client.zip}` : undefined);

/** The operator's notice of a dispute: opened (with the evidence deadline) or closed (won or lost). */
async function renderDisputeNotice(i18n: I18n, stage: "created" | "closed", data: DisputeNoticeData): Promise<RenderedEmail> {
  const values = {
    amount: formatMoney(data.amount, data.currency),
    reason: data.reason.replaceAll("_", " "),
    status: data.status.replaceAll("_", " "),
    dueBy: data.dueBy ? formatInServiceZone(data.dueBy) : undefined,
    client: data.client?.name ?? data.customerId ?? i18n._({ id: "mail.dispute.unknownCustomer", message: "an unknown customer" }),
  };
  const won = data.status === "won";
  const subject =
    stage === "created"
      ? i18n._({ id: "mail.dispute.subjectCreated", message: "Dispute: {amount} from {client} ({reason})", values })
      : won
        ? i18n._({ id: "mail.dispute.subjectWon", message: "Dispute won: {amount} from {client}", values })
        : i18n._({ id: "mail.dispute.subjectClosed", message: "Dispute closed ({status}): {amount} from {client}", values });
  const heading =
    stage === "created"
      ? i18n._({ id: "mail.dispute.headingCreated", message: "A customer's bank disputed a payment", values })
      : i18n._({ id: "mail.dispute.headingClosed", message: "A dispute is closed: {status}", values });
  const intro =
    stage === "created"
      ? values.dueBy
        ? i18n._({
            id: "mail.dispute.introCreated",
            message: "The bank has taken {amount} back from us. To contest it, submit evidence in the Stripe dashboard before {dueBy}; after that the money is lost.",
            values,
          })
        : i18n._({ id: "mail.dispute.introCreatedNoDeadline", message: "The bank has taken {amount} back from us. Open the dispute in the Stripe dashboard to see what it needs.", values })
      : won
        ? i18n._({ id: "mail.dispute.introWon", message: "The dispute was decided in our favour: the {amount} is returned to us.", values })
        : data.status === "lost"
          ? i18n._({ id: "mail.dispute.introLost", message: "The dispute was lost: the {amount} stays with the customer, and Stripe's dispute fee is not returned.", values })
          : i18n._({ id: "mail.dispute.introClosed", message: "Stripe closed the dispute with the status \"{status}\". Check the dashboard for what it means for the {amount}.", values });
  const rows: [string, string | null | undefined][] = [
    [i18n._({ id: "mail.dispute.fieldAmount", message: "Amount" }), values.amount],
    [i18n._({ id: "mail.dispute.fieldReason", message: "Reason" }), values.reason],
    [i18n._({ id: "mail.dispute.fieldStatus", message: "Status" }), values.status],
    [i18n._({ id: "mail.dispute.fieldDueBy", message: "Evidence due by" }), stage === "created" ? values.dueBy : undefined],
    [i18n._({ id: "mail.notice.fieldClient", message: "Client" }), clientLine(data.client)],
    [i18n._({ id: "mail.notice.fieldCustomer", message: "Stripe customer" }), data.customerId],
    [i18n._({ id: "mail.dispute.fieldDispute", message: "Dispute" }), data.disputeId],
  ];
  const label = i18n._({ id: "mail.dispute.link", message: "Open the dispute in Stripe" });
  return operatorNotice(subject, heading, intro, rows, { href: data.dashboardUrl, label });
}

/** The operator's notice of a payment that started no service: its subscription had ended before it was confirmed. */
async function renderPaidWithoutService(i18n: I18n, data: PaidWithoutServiceData): Promise<RenderedEmail> {
  const values = { client: data.client?.name ?? data.customerId ?? data.sessionId, checkout: data.checkoutId };
  const subject = i18n._({ id: "mail.unserved.subject", message: "Paid, but no service started: {client} (a refund may be due)", values });
  const heading = i18n._({ id: "mail.unserved.heading", message: "A payment started no service", values });
  const intro = i18n._({
    id: "mail.unserved.intro",
    message:
      "This checkout was paid, but its subscription had already ended when the payment was confirmed, so no pickups were booked and no welcome was sent. A refund may be due: please check the customer in Stripe and refund or contact them.",
    values,
  });
  const rows: [string, string | null | undefined][] = [
    [i18n._({ id: "mail.notice.fieldClient", message: "Client" }), clientLine(data.client)],
    [i18n._({ id: "mail.notice.fieldCustomer", message: "Stripe customer" }), data.customerId],
    [i18n._({ id: "mail.unserved.fieldCheckout", message: "Checkout" }), `#${data.checkoutId} (${data.sessionId})`],
    [i18n._({ id: "mail.unserved.fieldSubscription", message: "Subscription" }), data.subscriptionStatus ? `${data.subscriptionId} (${data.subscriptionStatus})` : data.subscriptionId],
  ];
  const link = data.dashboardUrl ? { href: data.dashboardUrl, label: i18n._({ id: "mail.unserved.link", message: "Open the customer in Stripe" }) } : undefined;
  return operatorNotice(subject, heading, intro, rows, link);
}

async function renderSignIn(i18n: I18n, email: EmailToRender, data: SignInData, context: RenderContext): Promise<RenderedEmail> {
  const token = context.secret ? unseal(context.secret, data.sealedToken) : null;
  if (!token) throw new TemplateError("the sign-in link cannot be unsealed with this server's secret");
  const link = portalLink(context.publicUrl, `s.${token}`, email.language);
  const values = { brand: brand.name, firstName: data.firstName, minutes: data.minutes, phone: brand.phone };
  const subject = i18n._({ id: "mail.signIn.subject", message: "Your link to the {brand} billing portal", values });
  const heading = i18n._({ id: "mail.signIn.heading", message: "Hi {firstName}, here is your sign-in link", values });
  const intro = i18n._({
    id: "mail.signIn.intro",
    message: "Open this link to reach your billing portal: your plan, card, invoices and cancellation. It works once, for {minutes} minutes.",
    values,
  });
  const buttonLabel = i18n._({ id: "mail.signIn.button", message: "Open my billing portal", values });
  const notYou = i18n._({
    id: "mail.signIn.notYou",
    message: "Didn't ask for it? Ignore this e-mail: nobody can use the link without access to your inbox. Questions? Call us at {phone}.",
    values,
  });
  const p = paragraph;
  const body = html`${heading1(heading, colors.ink)}
<p style="${p}">${intro}</p>
<p style="${p}">${button(link, buttonLabel, colors.brand)}</p>
<p style="${p};font-size:14px;word-break:break-all"><a href="${link}" style="color:${colors.brand}">${link}</a></p>
<p style="${p};font-size:14px;color:${colors.muted}">${notYou}</p>`;
  const text = [heading, "", intro, "", link, "", notYou, "", ...textSignature, ""].join("\n");
  return { subject, html: layout(email.language, subject, body, postalFooter()), text };
}

/** Paid pickups an end-of-plan e-mail names one by one; the later ones it counts (a sentence of long dates stays readable). */
const PICKUPS_NAMED = 6;

/** The paid pickups as one list: the first few by date, then how many more come after them. */
function pickupList(i18n: I18n, language: Language, paidPickups: string[]): string {
  const list = new Intl.ListFormat(language === "es" ? "es-US" : "en-US", { type: "conjunction" });
  const named = paidPickups.slice(0, PICKUPS_NAMED).map((pickup) => longDay(language, pickup));
  const more = paidPickups.length - named.length;
  if (more > 0) {
    named.push(i18n._({ id: "mail.paidPickups.more", message: "{more, plural, one {one more after that} other {# more after that}}", values: { more } }));
  }
  return list.format(named);
}

/** The values the end-of-plan e-mails fill in: the day, the paid pickups as one list, whom to ask; and the site's pages in the language. */
function planEndValues(i18n: I18n, language: Language, firstName: string, day: string, paidPickups: string[], context: RenderContext) {
  const site = (path: string) => siteAddress(context.publicUrl, path, language);
  const values = {
    brand: brand.name,
    firstName,
    date: longDay(language, day),
    pickups: pickupList(i18n, language, paidPickups),
    phone: brand.phone,
    email: brand.email,
  };
  return { site, values };
}

/**
 * The subscription ended: when, the paid pickups that still take place, and the way back (sign-up, contact). Two
 * texts: the customer cancelled (or we do not know why), or the provider ended it because it could not collect
 * the weekly payment (decision 024), which never asks "didn't cancel?".
 */
async function renderCancellation(i18n: I18n, email: EmailToRender, data: CancellationData, context: RenderContext): Promise<RenderedEmail> {
  const language = email.language;
  const { site, values } = planEndValues(i18n, language, data.firstName, data.canceledOn, data.paidPickups, context);
  const texts = data.nonPayment ? nonPaymentTexts(i18n, data.nonPayment, values) : cancelledTexts(i18n, values);
  const pickups = data.paidPickups.length
    ? i18n._({ id: "mail.cancellation.paidPickups", message: "The pickups you have already paid for still take place: {pickups}.", values })
    : i18n._({ id: "mail.cancellation.noPickups", message: "You have no pickups left to come.", values });
  const buttonLabel = i18n._({ id: "mail.cancellation.button", message: "Sign up again", values });
  const { subject, heading, ended, back, contact } = texts;
  const signupUrl = site("/signup");
  const p = paragraph;
  const body = html`${heading1(heading, colors.ink)}
<p style="${p}">${ended}</p>
<p style="${p}">${pickups}</p>
<p style="${p}">${back}</p>
<p style="${p}">${button(signupUrl, buttonLabel, colors.brand)}</p>
<p style="${p};font-size:14px;color:${colors.muted}">${contact}</p>`;
  const text = [heading, "", ended, "", pickups, "", `${back} ${signupUrl}`, "", contact, "", ...textSignature, ""].join("\n");
  return { subject, html: layout(language, subject, body, postalFooter()), text };
}

type CancellationValues = { brand: string; firstName: string; date: string; phone: string; email: string };
type CancellationTexts = { subject: string; heading: string; ended: string; back: string; contact: string };

/** The customer cancelled (or the provider does not say why). */
function cancelledTexts(i18n: I18n, values: CancellationValues): CancellationTexts {
  return {
    subject: i18n._({ id: "mail.cancellation.subject", message: "Your {brand} subscription is canceled", values }),
    heading: i18n._({ id: "mail.cancellation.heading", message: "Hi {firstName}, your subscription is canceled", values }),
    ended: i18n._({
      id: "mail.cancellation.ended",
      message: "Your weekly plan was canceled on {date}. No further weekly charges will be made, and no new pickups will be scheduled.",
      values,
    }),
    back: i18n._({ id: "mail.cancellation.back", message: "Changed your mind? You can sign up again anytime.", values }),
    contact: i18n._({
      id: "mail.cancellation.contact",
      message: "Didn't cancel, or have a question? Call us at {phone} or write to {email}.",
      values,
    }),
  };
}

/** The provider ended the subscription: its retries of a weekly payment ran out, or the customer's bank reversed one. */
function nonPaymentTexts(i18n: I18n, reason: NonPaymentReason, values: CancellationValues): CancellationTexts {
  return {
    subject: i18n._({ id: "mail.cancellation.nonPayment.subject", message: "Your {brand} plan has ended: we could not collect your weekly payment", values }),
    heading: i18n._({ id: "mail.cancellation.nonPayment.heading", message: "Hi {firstName}, your weekly plan has ended", values }),
    ended:
      reason === "payment_disputed"
        ? i18n._({
            id: "mail.cancellation.nonPayment.endedDisputed",
            message:
              "Your weekly plan ended on {date}, because your bank reversed a weekly payment, so we could not collect it. No further weekly charges will be made, and no new pickups will be scheduled.",
            values,
          })
        : i18n._({
            id: "mail.cancellation.nonPayment.ended",
            message:
              "Your weekly plan ended on {date}, because we could not collect your weekly payment. No further weekly charges will be made, and no new pickups will be scheduled.",
            values,
          }),
    back: i18n._({
      id: "mail.cancellation.nonPayment.back",
      message: "Want your pickups back? Sign up again anytime with a card that works; it only takes a few minutes.",
      values,
    }),
    contact: i18n._({
      id: "mail.cancellation.nonPayment.contact",
      message: "Questions about a charge or your card? Call us at {phone} or write to {email}.",
      values,
    }),
  };
}

/**
 * The customer cancelled for later (decision 024): the plan stays on until the day it ends, the paid pickups still
 * take place, the billing portal keeps it before then, and whom to ask.
 */
async function renderCancellationScheduled(i18n: I18n, email: EmailToRender, data: CancellationScheduledData, context: RenderContext): Promise<RenderedEmail> {
  const language = email.language;
  const { site, values } = planEndValues(i18n, language, data.firstName, data.endsOn, data.paidPickups, context);
  const subject = i18n._({ id: "mail.cancellationScheduled.subject", message: "Your {brand} plan ends on {date}", values });
  const heading = i18n._({ id: "mail.cancellationScheduled.heading", message: "Hi {firstName}, your plan is set to end", values });
  const ends = i18n._({
    id: "mail.cancellationScheduled.ends",
    message: "We got your request to cancel. Your weekly plan stays on until {date}, then ends: after that there are no more weekly charges, and no new pickups are scheduled.",
    values,
  });
  const pickups = data.paidPickups.length
    ? i18n._({ id: "mail.cancellationScheduled.paidPickups", message: "Until then your pickups go on as usual, and the pickups you have already paid for still take place: {pickups}.", values })
    : i18n._({ id: "mail.cancellationScheduled.asUsual", message: "Until then your pickups go on as usual, and every pickup you have paid for still takes place.", values });
  const keep = i18n._({ id: "mail.cancellationScheduled.keep", message: "Changed your mind? You can keep your plan from your billing portal before {date}.", values });
  const buttonLabel = i18n._({ id: "mail.cancellationScheduled.button", message: "Open my billing portal", values });
  const contact = i18n._({
    id: "mail.cancellationScheduled.contact",
    message: "Didn't ask to cancel, or have a question? Call us at {phone} or write to {email}.",
    values,
  });
  return planNoticeWithPortal(language, site, { subject, heading, paragraphs: [ends, pickups, keep], buttonLabel, contact });
}

/**
 * The end the customer had been told of is no longer scheduled (decision 024): the plan goes on as before, nothing to
 * do, the billing portal as in the confirmation, and whom to ask when they did not undo it themselves.
 */
async function renderCancellationUndone(i18n: I18n, email: EmailToRender, data: CancellationUndoneData, context: RenderContext): Promise<RenderedEmail> {
  const language = email.language;
  const { site, values } = planEndValues(i18n, language, data.firstName, data.wasEndingOn, [], context);
  const subject = i18n._({ id: "mail.cancellationUndone.subject", message: "Your {brand} plan continues", values });
  const heading = i18n._({ id: "mail.cancellationUndone.heading", message: "Hi {firstName}, your plan continues", values });
  const kept = i18n._({
    id: "mail.cancellationUndone.kept",
    message: "Your weekly plan is no longer set to end on {date}. It goes on as usual: your weekly charges and your pickups continue as before.",
    values,
  });
  const nothingToDo = i18n._({ id: "mail.cancellationUndone.nothingToDo", message: "There is nothing you need to do.", values });
  const portal = i18n._({ id: "mail.cancellationUndone.portal", message: "Your plan, card and invoices are in your billing portal whenever you need them.", values });
  const buttonLabel = i18n._({ id: "mail.cancellationUndone.button", message: "Open my billing portal", values });
  const contact = i18n._({
    id: "mail.cancellationUndone.contact",
    message: "Didn't make this change, or have a question? Call us at {phone} or write to {email}.",
    values,
  });
  return planNoticeWithPortal(language, site, { subject, heading, paragraphs: [kept, nothingToDo, portal], buttonLabel, contact });
}

/**
 * A notice about the plan's end: its paragraphs, the billing portal's button after the last (the text part puts the
 * address after that paragraph), then whom to ask. The button opens the sign-in page, which e-mails a fresh link to
 * the portal: the message carries no token, as it may be read long after.
 */
function planNoticeWithPortal(
  language: Language,
  site: (path: string) => string,
  texts: { subject: string; heading: string; paragraphs: string[]; buttonLabel: string; contact: string },
): RenderedEmail {
  const { subject, heading, paragraphs, buttonLabel, contact } = texts;
  const portalUrl = site("/login");
  const p = paragraph;
  const body = html`${heading1(heading, colors.ink)}
${paragraphs.map((text) => html`<p style="${p}">${text}</p>\n`)}<p style="${p}">${button(portalUrl, buttonLabel, colors.brand)}</p>
<p style="${p};font-size:14px;color:${colors.muted}">${contact}</p>`;
  const lines = paragraphs.map((text, i) => (i === paragraphs.length - 1 ? `${text} ${portalUrl}` : text));
  const text = [heading, "", ...lines.flatMap((line) => [line, ""]), contact, "", ...textSignature, ""].join("\n");
  return { subject, html: layout(language, subject, body, postalFooter()), text };
}

/** Renders one outbox message. The contact notification and the money notices are for the operator, always in English. */
export async function renderEmail(email: EmailToRender, context: RenderContext): Promise<RenderedEmail> {
  const schema = emailDataSchemas[email.kind];
  if (!schema) throw new TemplateError(`unknown e-mail kind ${JSON.stringify(email.kind)}`);
  const parsed = schema.safeParse(email.data);
  if (!parsed.success) throw new TemplateError(`bad data for ${email.kind}: ${parsed.error.message}`);
  if (email.kind === "welcome") {
    return renderWelcome(await serverI18n("mail", email.language), email, parsed.data as WelcomeData, context);
  }
  if (email.kind === "capacity-exceeded") {
    return renderCapacityExceeded(await serverI18n("mail", email.language), email.language, parsed.data as CapacityExceededData);
  }
  if (email.kind === "sign-in") {
    return renderSignIn(await serverI18n("mail", email.language), email, parsed.data as SignInData, context);
  }
  if (email.kind === "dispute-created" || email.kind === "dispute-closed") {
    return renderDisputeNotice(await serverI18n("mail", "en"), email.kind === "dispute-created" ? "created" : "closed", parsed.data as DisputeNoticeData);
  }
  if (email.kind === "paid-without-service") {
    return renderPaidWithoutService(await serverI18n("mail", "en"), parsed.data as PaidWithoutServiceData);
  }
  if (email.kind === "cancellation") {
    return renderCancellation(await serverI18n("mail", email.language), email, parsed.data as CancellationData, context);
  }
  if (email.kind === "cancellation-scheduled") {
    return renderCancellationScheduled(await serverI18n("mail", email.language), email, parsed.data as CancellationScheduledData, context);
  }
  if (email.kind === "cancellation-undone") {
    return renderCancellationUndone(await serverI18n("mail", email.language), email, parsed.data as CancellationUndoneData, context);
  }
  return renderContactNotification(await serverI18n("mail", "en"), parsed.data as ContactNotificationData);
}
