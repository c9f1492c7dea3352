// The welcome e-mail (issue 13, item 13), received on a real SMTP server in both languages: the brand's logo
// and colours, the client's detergent, softener, address and access instructions, what happens on the first
// pickup day, and the billing portal reached through a labelled button, never a raw URL carrying the address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { queueEmail } from "#server/mail/outbox";
import { buyerFacts, formatHour } from "../../src/config/brand";
import { buildTestApp } from "./helpers/app";
import { testDriver } from "./helpers/database";
import { startSmtpServer, type TestSmtpServer } from "./helpers/mail-smtp";

let server: TestSmtpServer;
let app: FastifyInstance;
beforeAll(async () => {
  server = await startSmtpServer();
  app = await buildTestApp({ MAIL_WORKER_INTERVAL_MS: "0", SMTP_URL: server.url, PUBLIC_URL: "https://freshfold.example", SERVER_SECRET: "x".repeat(40) });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await server?.stop();
});

const welcome = (to: string, language: "en" | "es") => ({
  kind: "welcome" as const,
  to,
  language,
  data: {
    firstName: "Ana",
    lastName: "Pérez",
    pickupDates: ["2026-12-10", "2026-12-07"],
    detergent: "hypoallergenic" as const,
    fabricSoftener: true,
    address: { street: "Brickell Ave", number: 1200, unit: "4B", zip: "33131", city: "Miami", state: "FL", buildingName: "Brickell Tower", callBoxCode: "#123", gateCode: "<4455>", other: "Leave it with the concierge" },
  },
});

/** What a reader sees of the HTML: the text between the tags, entities decoded; attributes (hrefs) left out. */
const visibleText = (html: string) =>
  html
    .replace(/<head>[\s\S]*?<\/head>/, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

async function send(to: string, language: "en" | "es") {
  const before = server.received.length;
  await queueEmail(app.database.db, welcome(to, language));
  expect(await app.mail.worker.drain()).toMatchObject({ sent: 1, failed: 0 });
  expect(server.received).toHaveLength(before + 1);
  return server.received[before]!;
}

const expected = {
  en: {
    confirms: [
      "Detergent: hypoallergenic (fragrance- and dye-free)",
      "Fabric softener: yes",
      "Pickup address: 1200 Brickell Ave, Unit 4B, Miami, FL 33131",
      "Building: Brickell Tower",
      "Call box code: #123",
      "Gate code: <4455>",
      "Other instructions: Leave it with the concierge",
      "Your first pickup day: Monday, December 7, 2026",
      `Leave your laundry out between ${formatHour(buyerFacts.pickupWindow.from, "en")} and ${formatHour(buyerFacts.pickupWindow.to, "en")}`,
      `Each pickup covers up to ${buyerFacts.poundsPerPickup} lb of laundry`,
    ],
    button: "Open the billing portal",
  },
  es: {
    confirms: [
      "Detergente: hipoalergénico (sin fragancia ni colorantes)",
      "Suavizante: sí",
      "Dirección de recogida: 1200 Brickell Ave, Unidad 4B, Miami, FL 33131",
      "Edificio: Brickell Tower",
      "Código del intercomunicador: #123",
      "Código del portón: <4455>",
      "Otras instrucciones: Leave it with the concierge",
      "Tu primer día de recogida: lunes 7 de diciembre de 2026",
      `Deja tu ropa afuera entre las ${formatHour(buyerFacts.pickupWindow.from, "es")} y las ${formatHour(buyerFacts.pickupWindow.to, "es")}`,
      `Cada recogida incluye hasta ${buyerFacts.poundsPerPickup} libras de ropa`,
    ],
    button: "Abrir el portal de facturación",
  },
} as const;

describe(`the welcome e-mail (${testDriver})`, () => {
  for (const language of ["en", "es"] as const) {
    it(`looks like the brand, confirms the choices, address and access, says what the first pickup day brings, and shows no raw portal URL (${language})`, async () => {
      const mail = await send(`ana.${language}@example.com`, language);
      // The brand: the logo (a PNG: mail clients drop SVG) and the site's colours, inline.
      expect(mail.html).toContain('<img src="https://freshfold.example/images/logo-mail.png"');
      expect(mail.html).toContain("background:#0e5e6f");
      expect(mail.html).not.toMatch(/<style|<link /);
      const seen = visibleText(mail.html);
      for (const line of expected[language].confirms) {
        expect(seen, line).toContain(line);
        expect(mail.text, line).toContain(line);
      }
      // The access instructions are escaped in the HTML.
      expect(mail.html).toContain("&lt;4455&gt;");
      expect(mail.html).not.toContain("<4455>");
      // The portal: a labelled button whose link carries a token only (never the address), never shown as text.
      const encoded = encodeURIComponent(`ana.${language}@example.com`);
      expect(mail.html).toMatch(new RegExp(`<a href="https://freshfold\\.example/[^"]*\\?token=w\\.[^"&]+"[^>]*>${expected[language].button}</a>`));
      for (const part of [mail.html, mail.text]) {
        expect(part).not.toContain("email=");
        expect(part).not.toContain(encoded);
        for (const link of part.match(/https?:\/\/[^\s"<]+/g) ?? []) expect(link).not.toContain("@");
      }
      // Every link to the site opens the customer's language: the Spanish home is /es/.
      const home = language === "es" ? "https://freshfold.example/es/" : "https://freshfold.example/";
      const siteLinks = [...mail.html.matchAll(/href="(https:\/\/freshfold\.example\/[^"]*)"/g)].map((m) => m[1]!);
      expect(siteLinks.length).toBeGreaterThanOrEqual(2);
      for (const link of siteLinks) expect(link.replace(/\?.*$/, ""), link).toBe(home);
      expect(seen).not.toContain(encoded);
      expect(seen).not.toContain("token=");
      // The plain-text part has no buttons: its link is labelled by the line before it.
      const lines = mail.text.split(/\r?\n/);
      const at = lines.findIndex((line) => line.includes("?token="));
      expect(lines[at - 1]).toBe(`${expected[language].button}:`);
    });
  }

  it("names the house number once when the street line already holds it, as the site sends it", async () => {
    const before = server.received.length;
    const base = welcome("street@example.com", "en");
    const address = { ...base.data.address, street: "801 Brickell Ave", number: 801 };
    await queueEmail(app.database.db, { ...base, data: { ...base.data, address } });
    expect(await app.mail.worker.drain()).toMatchObject({ sent: 1, failed: 0 });
    const mail = server.received[before]!;
    expect(mail.text).toContain("Pickup address: 801 Brickell Ave, Unit 4B, Miami, FL 33131");
    expect(visibleText(mail.html)).toContain("Pickup address: 801 Brickell Ave, Unit 4B, Miami, FL 33131");
  });

  it("still renders a welcome queued before the choices were part of it (no detergent, softener or address)", async () => {
    const before = server.received.length;
    await queueEmail(app.database.db, { kind: "welcome", to: "old@example.com", language: "en", data: { firstName: "Old", pickupDates: ["2026-12-10", "2026-12-07"] } });
    expect(await app.mail.worker.drain()).toMatchObject({ sent: 1, failed: 0 });
    const mail = server.received[before]!;
    expect(mail.text).toContain("Your first pickup day: Monday, December 7, 2026");
    expect(mail.text).not.toContain("Detergent:");
    expect(mail.text).not.toContain("Your choices");
  });
});
