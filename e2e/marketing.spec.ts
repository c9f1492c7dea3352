// The marketing pages state the spec's facts in English and in Spanish: prices, plan names, counts, links.
import type { Page } from "@playwright/test";
import { test, expect, at, useLanguage, type Language } from "./fixtures";

const text = {
  en: {
    titles: {
      "/": "Laundry pickup and delivery in Miami",
      "/about": "About us",
      "/services": "Services",
      "/pricing": "Pricing",
      "/how-it-works": "How it works",
      "/airbnb-hosts": "Laundry for Airbnb hosts",
      "/privacy": "Privacy notice",
      "/terms": "Terms of service",
    },
    homeH1: "Laundry day, handled.",
    schedule: "Schedule Pickup",
    plansFrom: "Plans start from $19.99 per week",
    turnaround: ["24 hours", "12-18 hours"],
    claims: ["eco-friendly detergents", "No hidden fees", "cancel anytime", "Service in English and Spanish"],
    faqSection: "Questions we hear a lot",
    faqAll: "Read all the questions and answers",
    stars: "5 out of 5 stars",
    dot: (n: number) => `Show testimonial ${n}`,
    weekly: "Weekly Plan",
    promo: "First Week Promo",
    perWeek: "per week",
    mostPopular: "Most popular",
    chooseWeekly: "Choose Weekly Plan",
    choosePromo: "Choose First Week Promo",
    tax: "plus applicable tax",
    addOns: [
      ["Delicates care", "+$4"],
      ["Hypoallergenic detergent", "+$2"],
      ["Express service", "12-hour turnaround instead of 24"],
      ["Stain treatment", ""],
    ],
    oneTime: "One-Time Pickup",
    services: "Our services",
    viewPricing: "View pricing",
    readFaq: "Read the FAQ",
    hostFeatures: "Host features",
    hostCards: ["Volume discounts", "Flexible schedules", "Linens and comforters welcome", "Custom invoices"],
    contactUs: "Contact us",
    aboutClaims: ["12-18 hours", "eco-friendly detergents", "No hidden fees", "Cancel anytime", "English or Spanish"],
    privacy: ["local storage", "session storage", "never touch our server", "contact form", "newsletter"],
    terms: ["$19.99 for your first week", "$29.99 per week", "plus applicable tax", "cancel anytime", "33130", "33178", "Aventura", "+$4", "+$2", "no hidden fees"],
    privacyLink: "Privacy notice",
    termsLink: "Terms of service",
  },
  es: {
    titles: {
      "/": "Lavandería con recogida y entrega en Miami",
      "/about": "Quiénes somos",
      "/services": "Servicios",
      "/pricing": "Precios",
      "/how-it-works": "Cómo funciona",
      "/airbnb-hosts": "Lavandería para anfitriones de Airbnb",
      "/privacy": "Aviso de privacidad",
      "/terms": "Términos del servicio",
    },
    homeH1: "El día de lavar, resuelto.",
    schedule: "Agendar recogida",
    plansFrom: "Planes desde $19.99 por semana",
    turnaround: ["24 horas", "12-18 horas"],
    claims: ["detergentes ecológicos", "Sin cargos ocultos", "cancela cuando quieras", "Servicio en español e inglés"],
    faqSection: "Las preguntas que más nos hacen",
    faqAll: "Lee todas las preguntas y respuestas",
    stars: "5 de 5 estrellas",
    dot: (n: number) => `Mostrar testimonio ${n}`,
    weekly: "Plan Semanal",
    promo: "Promo Primera Semana",
    perWeek: "por semana",
    mostPopular: "Más popular",
    chooseWeekly: "Elegir Plan Semanal",
    choosePromo: "Elegir Promo Primera Semana",
    tax: "más impuestos aplicables",
    addOns: [
      ["Cuidado de prendas delicadas", "+$4"],
      ["Detergente hipoalergénico", "+$2"],
      ["Servicio exprés", "Entrega en 12 horas en lugar de 24"],
      ["Tratamiento de manchas", ""],
    ],
    oneTime: "recogida única",
    services: "Nuestros servicios",
    viewPricing: "Ver precios",
    readFaq: "Lee las preguntas frecuentes",
    hostFeatures: "Ventajas para anfitriones",
    hostCards: ["Descuentos por volumen", "Horarios flexibles", "También lavamos sábanas y edredones", "Facturas personalizadas"],
    contactUs: "Contáctanos",
    aboutClaims: ["12-18 horas", "detergentes ecológicos", "Sin cargos ocultos", "Cancela cuando quieras", "español o en inglés"],
    privacy: ["almacenamiento local", "almacenamiento de sesión", "nunca pasan por nuestro servidor", "formulario de contacto", "boletín"],
    terms: ["$19.99 por tu primera semana", "$29.99 por semana", "más impuestos aplicables", "cancelar cuando quieras", "33130", "33178", "Aventura", "+$4", "+$2", "No hay cargos ocultos"],
    privacyLink: "Aviso de privacidad",
    termsLink: "Términos del servicio",
  },
} satisfies Record<Language, unknown>;

type Text = (typeof text)["en"];

async function open(page: Page, route: keyof Text["titles"], t: Text) {
  await page.goto(route);
  await expect(page).toHaveTitle(`${t.titles[route]} · FreshFold Laundry`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  return page.getByRole("main");
}

async function expectTexts(scope: ReturnType<Page["getByRole"]>, texts: string[]) {
  for (const value of texts) await expect(scope.getByText(value, { exact: false }).first(), value).toBeVisible();
}

for (const language of ["en", "es"] as const) {
  const t = text[language];

  test(`home states the claims, previews three questions and shows four 5-star testimonials (${language})`, async ({ page }) => {
    await useLanguage(page, language);
    const main = await open(page, "/", t);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.homeH1);
    const schedule = main.getByRole("link", { name: t.schedule });
    await expect(schedule).toHaveCount(2);
    for (const link of await schedule.all()) await expect(link).toHaveAttribute("href", at(language, "/signup"));
    const hero = main.locator('img[src="/images/hero-pickup.svg"]');
    await expect(hero).toHaveAttribute("width", "480");
    await expect(hero).toHaveAttribute("height", "400");
    await expectTexts(main, [t.plansFrom, ...t.turnaround, ...t.claims]);
    const faq = main.getByRole("region", { name: t.faqSection });
    await expect(faq.locator("button[aria-expanded]")).toHaveCount(3);
    await expect(main.locator(`[aria-label="${t.stars}"]`)).toHaveCount(4);
    for (const n of [1, 2, 3, 4]) await expect(main.getByRole("button", { name: t.dot(n) })).toBeVisible();
    await expect(main.getByRole("link", { name: t.faqAll })).toHaveAttribute("href", at(language, "/faq"));
  });

  test(`pricing shows both plans, five features each, most popular, tax and the add-ons (${language})`, async ({ page }) => {
    await useLanguage(page, language);
    const main = await open(page, "/pricing", t);
    const plans = main.locator("article[data-plan]");
    await expect(plans).toHaveCount(2);
    const weekly = main.getByRole("article", { name: t.weekly });
    const promo = main.getByRole("article", { name: t.promo });
    await expect(weekly).toContainText("$29.99");
    await expect(weekly).toContainText(t.perWeek);
    await expect(weekly).not.toContainText(t.mostPopular);
    await expect(promo).toContainText("$19.99");
    await expect(promo).toContainText("$29.99");
    await expect(promo).toContainText(t.mostPopular);
    for (const plan of [weekly, promo]) {
      await expect(plan.getByRole("listitem")).toHaveCount(5);
      await expect(plan).toContainText(new RegExp(t.tax, "i"));
    }
    await expect(weekly.getByRole("link", { name: t.chooseWeekly })).toHaveAttribute("href", at(language, "/signup"));
    await expect(promo.getByRole("link", { name: t.choosePromo })).toHaveAttribute("href", at(language, "/signup"));
    const addOns = main.locator("li[data-addon]");
    await expect(addOns).toHaveCount(4);
    for (const [index, [name, detail]] of t.addOns.entries()) {
      await expect(addOns.nth(index)).toContainText(name ?? "?");
      if (detail) await expect(addOns.nth(index)).toContainText(detail);
    }
    await expectTexts(main, [t.oneTime]);
  });

  test(`services, how it works, hosts and about state their counts, claims and links (${language})`, async ({ page }) => {
    await useLanguage(page, language);
    let main = await open(page, "/services", t);
    const services = main.getByRole("list", { name: t.services }).getByRole("listitem");
    await expect(services).toHaveCount(4);
    await expect(services.getByRole("heading", { level: 3 })).toHaveCount(4);
    await expect(main.getByRole("link", { name: t.viewPricing })).toHaveAttribute("href", at(language, "/pricing"));

    main = await open(page, "/how-it-works", t);
    await expect(main.locator("ol > li")).toHaveCount(4);
    await expect(main.getByRole("link", { name: t.readFaq })).toHaveAttribute("href", at(language, "/faq"));
    await expect(main.getByRole("link", { name: t.schedule })).toHaveAttribute("href", at(language, "/signup"));

    main = await open(page, "/airbnb-hosts", t);
    const cards = main.getByRole("list", { name: t.hostFeatures }).getByRole("listitem");
    await expect(cards).toHaveCount(4);
    await expect(cards.getByRole("heading", { level: 3 })).toHaveText(t.hostCards);
    await expect(main.getByRole("link", { name: t.contactUs })).toHaveAttribute("href", at(language, "/contact"));

    main = await open(page, "/about", t);
    await expectTexts(main, t.aboutClaims);
    await expect(main.getByRole("link", { name: t.schedule })).toHaveAttribute("href", at(language, "/signup"));
  });

  test(`privacy and terms describe what the site does, with prices and areas (${language})`, async ({ page }) => {
    await useLanguage(page, language);
    let main = await open(page, "/privacy", t);
    await expectTexts(main, [...t.privacy, "hello@freshfold.example"]);
    await expect(main.getByRole("heading", { level: 2 })).toHaveCount(8);
    await expect(main.getByRole("link", { name: t.termsLink })).toHaveAttribute("href", at(language, "/terms"));

    main = await open(page, "/terms", t);
    await expectTexts(main, t.terms);
    await expect(main.getByRole("link", { name: t.privacyLink })).toHaveAttribute("href", at(language, "/privacy"));
  });
}
