// Tap targets on a phone (390 x 844): every link, button and form control a visitor can tap on every public page,
// in both languages, is at least 44 x 44 CSS px, or at least 44 px tall with its 44 px wide target (centred on it)
// overlapping no neighbour's (Apple's and Android's 44/48 px guidance; WCAG 2.5.5 AAA). Links inside running text
// are exempt (2.5.5's "inline" exception): a link shown inline whose nearest block also holds text of its own.
import type { Page } from "@playwright/test";
import { test, expect, useLanguage, at, renderWholePage } from "./fixtures";
import { blogPosts } from "../src/resources/blog/posts";

const MIN = 44;

/** The public pages (e2e/seo-html.spec.ts, sitemap.xml), the blog's posts and the two payment returns included. */
const paths = [
  "/",
  "/about",
  "/services",
  "/pricing",
  "/service-areas",
  "/faq",
  "/airbnb-hosts",
  "/blog",
  ...blogPosts.map((post) => `/blog/${post.slug}`),
  "/how-it-works",
  "/login",
  "/contact",
  "/privacy",
  "/terms",
  "/signup",
  "/payment-success",
  "/payment-canceled",
];

interface Target {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Every visible tap target outside running text, named for a failure message, with its box in page coordinates. */
async function tapTargets(page: Page): Promise<{ targets: Target[]; inline: string[] }> {
  return page.evaluate(() => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="option"]';
    const block = (el: Element): Element => {
      let node: Element | null = el.parentElement;
      while (node && getComputedStyle(node).display.startsWith("inline")) node = node.parentElement;
      return node ?? document.body;
    };
    /**
     * A link in running text: displayed inline, in a block that holds words of its own besides its links' (a
     * separator such as " · " between two links is no sentence).
     */
    const inRunningText = (el: Element) => {
      if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
      const around = block(el);
      let words = around.textContent ?? "";
      for (const link of around.querySelectorAll("a")) words = words.replace(link.textContent ?? "", " ");
      return /\p{L}/u.test(words);
    };
    /** Shown, and not clipped away by an ancestor (react-aria's visually hidden inputs sit in a 1 px clipping box). */
    const visible = (el: Element) => {
      if (getComputedStyle(el).visibility === "hidden" || el.closest("[hidden], [inert], [aria-hidden='true']")) return false;
      const box = el.getBoundingClientRect();
      let [left, top, right, bottom] = [box.left, box.top, box.right, box.bottom];
      for (let node = el.parentElement; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.overflow === "visible" && style.clipPath === "none" && style.clip === "auto") continue;
        const clip = node.getBoundingClientRect();
        [left, top, right, bottom] = [Math.max(left, clip.left), Math.max(top, clip.top), Math.min(right, clip.right), Math.min(bottom, clip.bottom)];
      }
      return right - left > 1 && bottom - top > 1;
    };
    const describe = (el: Element) => {
      const labels = (el as HTMLInputElement).labels;
      const text = el.getAttribute("aria-label") ?? (labels?.length ? labels[0]!.textContent : el.textContent) ?? "";
      const label = text.replace(/\s+/g, " ").trim().slice(0, 60);
      const type = el.getAttribute("type");
      const kind = (el.getAttribute("role") ?? el.tagName.toLowerCase()) + (type && el.tagName === "INPUT" ? `[${type}]` : "");
      const href = el.getAttribute("href");
      return `${kind} "${label || (el as HTMLInputElement).name || "?"}"${href ? ` (${href})` : ""}`;
    };
    const seen = new Set<Element>();
    const targets: { name: string; x: number; y: number; width: number; height: number }[] = [];
    const inline: string[] = [];
    for (const found of document.querySelectorAll(selector)) {
      // A visually hidden native input (react-aria's checkboxes and radios) is tapped through its label.
      let el: Element = found;
      if (found.tagName === "INPUT" && !visible(found)) el = found.closest("label") ?? found;
      if (seen.has(el) || !visible(el)) continue;
      if (inRunningText(el)) {
        inline.push(describe(el));
        continue;
      }
      seen.add(el);
      const box = el.getBoundingClientRect();
      targets.push({ name: describe(el), x: box.x + scrollX, y: box.y + scrollY, width: box.width, height: box.height });
    }
    return { targets, inline };
  });
}

/** The targets smaller than the rule, each named with its size (and the neighbour it crowds). */
function tooSmall(targets: Target[]): string[] {
  const round = (n: number) => Math.round(n * 10) / 10;
  // The 44 x 44 square centred on a target, or the target itself when larger.
  const reach = (t: Target) => {
    const width = Math.max(t.width, MIN);
    const height = Math.max(t.height, MIN);
    return { left: t.x + t.width / 2 - width / 2, right: t.x + t.width / 2 + width / 2, top: t.y + t.height / 2 - height / 2, bottom: t.y + t.height / 2 + height / 2 };
  };
  const overlap = (a: ReturnType<typeof reach>, b: ReturnType<typeof reach>) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const failures: string[] = [];
  for (const target of targets) {
    const size = `${round(target.width)} x ${round(target.height)}`;
    if (target.height < MIN - 0.5) {
      failures.push(`${target.name}: ${size} px, under ${MIN} px tall`);
    } else if (target.width < MIN - 0.5) {
      const crowded = targets.find((other) => other !== target && overlap(reach(target), reach(other)));
      if (crowded) failures.push(`${target.name}: ${size} px, its ${MIN} px target overlaps ${crowded.name}'s`);
    }
  }
  return failures;
}

for (const language of ["en", "es"] as const) {
  test(`every tap target on every public page is at least ${MIN} px at 390 x 844 (${language})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ reducedMotion: "reduce" });
    await useLanguage(page, language);
    const failures: string[] = [];
    const exempt: string[] = [];
    for (const path of paths) {
      await page.goto(at(language, path));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // Hydrated (the footer's year fills in then), so what is measured is what a visitor taps.
      await expect(page.locator("footer")).toContainText(/© \d{4} /);
      await renderWholePage(page);
      const { targets, inline } = await tapTargets(page);
      if (inline.length) exempt.push(`${at(language, path)}: ${inline.join(", ")}`);
      expect(targets.length, `${path}: no targets found, the measurement is broken`).toBeGreaterThan(5);
      failures.push(...tooSmall(targets).map((failure) => `${at(language, path)} ${failure}`));
    }
    // The mobile menu, open.
    await page.goto(at(language, "/"));
    await page.getByRole("button", { name: language === "en" ? "Open menu" : "Abrir menú" }).click();
    const menu = page.getByRole("navigation", { name: language === "en" ? "Mobile" : "Menú móvil" });
    await expect(menu).toBeVisible();
    failures.push(...tooSmall((await tapTargets(page)).targets).map((failure) => `${at(language, "/")} (menu open) ${failure}`));
    // The links left to running text, for a reviewer to check that each is in a sentence.
    await test.info().attach("inline links (exempt)", { body: exempt.join("\n"), contentType: "text/plain" });
    expect(failures, "tap targets under the rule").toEqual([]);
  });

  test(`a toast's close button is at least ${MIN} x ${MIN} px at 390 x 844 (${language})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, language);
    // The contact form's success toast; the server's answer is stubbed, the toast is what is under test.
    await page.route("**/api/contact_form", (route) => route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ ok: true }) }));
    await page.goto(at(language, "/contact"));
    await expect(page.locator("footer")).toContainText(/© \d{4} /);
    const panel = page.getByRole("tabpanel");
    const en = language === "en";
    await panel.getByRole("textbox", { name: en ? "Your name" : "Tu nombre" }).fill("Ana");
    await panel.getByRole("textbox", { name: en ? "Business name" : "Nombre del negocio" }).fill("Casa Ana");
    await panel.getByRole("textbox", { name: en ? "Email" : "Correo electrónico" }).fill("ana@example.com");
    await panel.getByRole("textbox", { name: en ? "Message" : "Mensaje" }).fill("Weekly pickups, please.");
    await panel.getByRole("button", { name: en ? "Submit" : "Enviar" }).click();
    const toasts = page.getByRole("region", { name: en ? "Notifications" : "Notificaciones" });
    const close = toasts.getByRole("button", { name: en ? "Close" : "Cerrar" });
    await expect(close).toBeVisible();
    const box = (await close.boundingBox())!;
    expect(Math.min(box.width, box.height), `the toast's close button is ${box.width} x ${box.height} px`).toBeGreaterThanOrEqual(MIN - 0.5);
  });
}
