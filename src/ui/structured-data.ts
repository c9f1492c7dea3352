// JSON-LD (schema.org) of the pre-rendered pages, from the data the pages show: the service areas of
// src/domain/service-areas.ts and the plan's prices of src/domain/prices.ts. The FAQ page states its
// own questions (src/resources/faq-page.tsx).
import { i18n } from "../i18n/catalogs";
import { msg } from "@lingui/core/macro";
import { brand } from "../config/brand";
import { PRICE_DUE_TODAY_CENTS, PRICE_WEEKLY_CENTS } from "#domain/prices";
import { serviceAreas } from "#domain/service-areas";
import { pathInLanguage, type Language } from "../i18n/languages";
import { placeName } from "../areas/area-names";
import { ogImage } from "./og-image";

const price = (cents: number) => (cents / 100).toFixed(2);

/** The plans as schema.org Offers: $19.99 the first week, then $29.99 a week. */
export function planOffers(origin: string, language: Language) {
  const url = `${origin}${pathInLanguage("/pricing", language)}`;
  return [
    { "@type": "Offer", name: i18n._(msg`First Week Promo`), price: price(PRICE_DUE_TODAY_CENTS), priceCurrency: "USD", url },
    {
      "@type": "Offer",
      name: i18n._(msg`Weekly Plan`),
      price: price(PRICE_WEEKLY_CENTS),
      priceCurrency: "USD",
      url,
      priceSpecification: { "@type": "UnitPriceSpecification", price: price(PRICE_WEEKLY_CENTS), priceCurrency: "USD", unitCode: "WEE", referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "WEE" } },
    },
  ];
}

/** "tel:+13055550142" → "+1-305-555-0142": the number in international form, from the link's. */
const internationalPhone = (href: string) => href.replace(/^tel:\+1(\d{3})(\d{3})(\d{4})$/, "+1-$1-$2-$3");

/**
 * The business: where it is, the six areas it serves and its plans. Each area is a Place named as the page shows it
 * in the language, with one PostalAddress per ZIP code (the data knows no city per ZIP: no addressLocality).
 */
export function localBusiness(origin: string, language: Language) {
  const [locality, regionZip] = brand.cityLine.split(", ");
  const [region, postalCode] = (regionZip ?? "").split(" ");
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${origin}/#business`,
    name: brand.name,
    description: i18n._(msg`Weekly laundry pickup and delivery across Miami-Dade. Clean, folded and back at your door.`),
    url: `${origin}${pathInLanguage("/", language)}`,
    logo: `${origin}/logo.svg`,
    image: `${origin}/images/hero-pickup.svg`,
    telephone: internationalPhone(brand.phoneHref),
    email: brand.email,
    priceRange: "$$",
    address: { "@type": "PostalAddress", streetAddress: brand.street, addressLocality: locality, addressRegion: region, postalCode, addressCountry: "US" },
    areaServed: serviceAreas.map((area) => ({
      "@type": "Place",
      name: placeName(area.name, language),
      address: area.zipCodes.map((postalCode) => ({ "@type": "PostalAddress", postalCode, addressRegion: "FL", addressCountry: "US" })),
    })),
    makesOffer: planOffers(origin, language),
    sameAs: Object.values(brand.social),
  };
}

/**
 * The JSON-LD of the page at `path`: what the page states (`stated`), with the addresses only the site knows
 * added to an article (a blog post's BlogPosting: its address, the preview image, the business as publisher);
 * else the business on home, pricing and areas.
 */
export function structuredDataFor(path: string, { origin, language }: { origin: string; language: Language }, stated?: object): object | undefined {
  if (stated && (stated as { "@type"?: string })["@type"] === "BlogPosting") {
    const url = `${origin}${pathInLanguage(path, language)}`;
    return {
      ...stated,
      url,
      mainEntityOfPage: { "@type": "WebPage", "@id": url },
      image: `${origin}${ogImage[language].path}`,
      publisher: { "@type": "LocalBusiness", "@id": `${origin}/#business`, name: brand.name, url: `${origin}${pathInLanguage("/", language)}` },
    };
  }
  if (stated) return stated;
  if (path === "/" || path === "/pricing" || path === "/service-areas") return localBusiness(origin, language);
  return undefined;
}
