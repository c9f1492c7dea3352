// Every public page's English path (e2e/seo-html.spec.ts, sitemap.xml): the blog's posts and the two payment returns included.
import type { Page } from "@playwright/test";
import { blogPosts } from "../src/resources/blog/posts";
import { at, expect, expectHydrated, type Language } from "./fixtures";

export const publicPaths = [
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

/**
 * Opens a public page and waits until it has settled: where it sends the visitor (/payment-canceled sends them on to
 * the sign-up at once, and a measure taken meanwhile reads a page that is going away), its heading shown, and
 * hydrated (the footer's year fills in then), so what is measured is what a visitor sees and taps.
 */
export async function openSettled(page: Page, language: Language, path: string) {
  await page.goto(at(language, path));
  if (path === "/payment-canceled") await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectHydrated(page);
}
