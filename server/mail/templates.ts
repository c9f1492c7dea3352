// The e-mails: subject, HTML and text of each kind, in the message's language from the mail catalogs.
import type { I18n } from "@lingui/core";
import { format, parseISO } from "date-fns";
import { enUS, es } from "date-fns/locale";
import { brand } from "../../src/config/brand";
import type { Language } from "../../src/contract/common";
import { formatUsd, PRICE_DUE_TODAY_CENTS, PRICE_WEEKLY_CENTS, renewalDate, SERVICE_TIME_ZONE } from "../../src/contract/plan";
import { html, SafeHtml } from "./html";
import { mailI18n } from "./i18n";
import { emailDataSchemas, type ContactNotificationData, type EmailKind, type WelcomeData } from "./outbox";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
}

export interface RenderContext {
  /** The site's own origin, e.g. https://freshfold.example (no trailing slash). */
  publicUrl: string;
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

function layout(language: Language, title: string, body: SafeHtml, footer: SafeHtml): string {
  return html`<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
</head>
<body style="margin:0;padding:0;background:${colors.sand};color:${colors.ink};font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colors.sand}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px">
<tr><td style="padding:24px 28px 8px;font-size:20px;font-weight:bold;color:${colors.brand}">${brand.name}</td></tr>
<tr><td style="padding:8px 28px 24px">${body}</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid ${colors.line};font-size:13px;color:${colors.muted}">${footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`.value;
}

async function renderWelcome(i18n: I18n, email: EmailToRender, data: WelcomeData, context: RenderContext): Promise<RenderedEmail> {
  const language = email.language;
  const locale = dateLocales[language];
  const dates = [...data.pickupDates].sort();
  const first = dates[0] as string;
  const renewal = data.renewalDate ?? renewalDate(first);
  const longDay = (d: string) => format(parseISO(d), longDate[language], { locale });
  const weekday = (d: string) => format(parseISO(d), "EEEE", { locale });
  const portalUrl = `${context.publicUrl}/?email=${encodeURIComponent(email.to)}`;
  const values = {
    brand: brand.name,
    firstName: data.firstName,
    amountToday: formatUsd(PRICE_DUE_TODAY_CENTS),
    amountWeekly: formatUsd(PRICE_WEEKLY_CENTS),
    renewalDate: longDay(renewal),
    firstDay: weekday(dates[0] as string),
    secondDay: weekday(dates[1] as string),
    firstDate: longDay(dates[0] as string),
    secondDate: longDay(dates[1] as string),
    phone: brand.phone,
    email: brand.email,
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
  const manageHeading = i18n._({ id: "mail.welcome.manageHeading", message: "Manage your subscription", values });
  const manage = i18n._({
    id: "mail.welcome.manage",
    message: "Update your card, see your invoices or cancel in the billing portal. Open it from our website with this link:",
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

  const p = "margin:0 0 16px";
  const h2 = `margin:24px 0 8px;font-size:18px;color:${colors.ink}`;
  const body = html`<h1 style="margin:0 0 16px;font-size:24px;color:${colors.ink}">${heading}</h1>
<p style="${p}">${intro}</p>
<h2 style="${h2}">${planHeading}</h2>
<ul style="margin:0 0 16px;padding-left:20px">
<li><strong>${chargedToday}</strong></li>
<li>${weekly}</li>
<li>${pickupDays}</li>
<li>${firstPickups}</li>
</ul>
<p style="${p};font-size:14px;color:${colors.muted}">${included}</p>
<h2 style="${h2}">${manageHeading}</h2>
<p style="${p}">${manage}</p>
<p style="${p}"><a href="${portalUrl}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:${colors.brand};color:#ffffff;font-weight:bold;text-decoration:none">${portalButton}</a></p>
<p style="${p};font-size:14px;word-break:break-all"><a href="${portalUrl}" style="color:${colors.brand}">${portalUrl}</a></p>
<p style="${p}">${cancelAnytime}</p>
<p style="${p}">${questions}</p>
<p style="margin:0">${signOff}<br>${team}</p>`;
  const footer = html`${brand.name} · ${brand.street} · ${brand.cityLine}<br>${brand.phone} · <a href="mailto:${brand.email}" style="color:${colors.muted}">${brand.email}</a><br>${why}`;

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
    "",
    manageHeading,
    manage,
    portalUrl,
    "",
    cancelAnytime,
    questions,
    "",
    signOff,
    team,
    "",
    "--",
    `${brand.name}, ${brand.street}, ${brand.cityLine}`,
    `${brand.phone} · ${brand.email}`,
    why,
    "",
  ].join("\n");
  return { subject, html: layout(language, subject, body, footer), text };
}

/** The time a contact message arrived, in the service's time zone (the operator is in Miami). */
function formatReceived(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const local = new Intl.DateTimeFormat("en-US", { timeZone: SERVICE_TIME_ZONE, dateStyle: "full", timeStyle: "short" }).format(date).replace(/\u202f/g, " ");
  return `${local} (${SERVICE_TIME_ZONE})`;
}

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

/** Renders one outbox message. The contact notification is for the operator, always in English. */
export async function renderEmail(email: EmailToRender, context: RenderContext): Promise<RenderedEmail> {
  const schema = emailDataSchemas[email.kind];
  if (!schema) throw new TemplateError(`unknown e-mail kind ${JSON.stringify(email.kind)}`);
  const parsed = schema.safeParse(email.data);
  if (!parsed.success) throw new TemplateError(`bad data for ${email.kind}: ${parsed.error.message}`);
  if (email.kind === "welcome") {
    return renderWelcome(await mailI18n(email.language), email, parsed.data as WelcomeData, context);
  }
  return renderContactNotification(await mailI18n("en"), parsed.data as ContactNotificationData);
}
