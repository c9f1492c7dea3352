// The marketing pages render in both languages with one h1 and their own title; add-on prices and testimonials data.
import { beforeAll, describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { ComponentType } from "react";
import { LanguageProvider } from "../../src/i18n/language-provider";
import { loadLanguage } from "../../src/i18n/catalogs";
import type { Language } from "../../src/i18n/languages";
import { addOnPrice, DELICATES_CARE_CENTS, HYPOALLERGENIC_DETERGENT_CENTS } from "../../src/marketing/add-ons";
import { testimonials } from "../../src/marketing/testimonials";
import HomePage from "../../src/marketing/home-page";
import AboutPage from "../../src/marketing/about-page";
import ServicesPage from "../../src/marketing/services-page";
import PricingPage from "../../src/marketing/pricing-page";
import HowItWorksPage from "../../src/marketing/how-it-works-page";
import HostsPage from "../../src/marketing/hosts-page";
import PrivacyPage from "../../src/marketing/privacy-page";
import TermsPage from "../../src/marketing/terms-page";

const pages: Array<[string, ComponentType]> = [
  ["home", HomePage], ["about", AboutPage], ["services", ServicesPage], ["pricing", PricingPage],
  ["how-it-works", HowItWorksPage], ["hosts", HostsPage], ["privacy", PrivacyPage], ["terms", TermsPage],
];

async function renderIn(language: Language, Page: ComponentType) {
  await loadLanguage(language);
  const router = createMemoryRouter([{ path: "/", element: <Page /> }]);
  return render(
    <LanguageProvider initial={language}>
      <RouterProvider router={router} />
    </LanguageProvider>,
  );
}

beforeAll(async () => {
  await loadLanguage("es");
  await loadLanguage("en");
});

describe("add-ons and testimonials", () => {
  it("writes add-on prices as the spec does", () => {
    expect(addOnPrice(DELICATES_CARE_CENTS)).toBe("+$4");
    expect(addOnPrice(HYPOALLERGENIC_DETERGENT_CENTS)).toBe("+$2");
    expect(addOnPrice(450)).toBe("+$4.50");
  });

  it("has four testimonials, each rated 5", () => {
    expect(testimonials).toHaveLength(4);
    expect(testimonials.every((item) => item.rating === 5)).toBe(true);
  });
});

describe.each(pages)("the %s page", (_name, Page) => {
  it("has one h1 and its own title in English and in Spanish", async () => {
    const titles: string[] = [];
    for (const language of ["en", "es"] as const) {
      const view = await renderIn(language, Page);
      expect(await screen.findAllByRole("heading", { level: 1 })).toHaveLength(1);
      await waitFor(() => expect(document.title).toMatch(/ · FreshFold Laundry$/));
      expect(document.querySelector('meta[name="description"]')?.getAttribute("content")?.length).toBeGreaterThan(40);
      titles.push(document.title);
      view.unmount();
    }
    expect(titles[0]).not.toBe(titles[1]);
  });
});
