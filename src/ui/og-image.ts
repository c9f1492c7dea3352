// The link-preview image of every page (og:image, twitter:image), one per language: a 1200x630 PNG card with
// the brand and a line of the site's own copy. Made from scripts/og-image/card.html by `npm run og-images`, which
// reads the text below; the PNGs are committed under public/images/, so the build needs no browser.
import type { Language } from "../i18n/languages";

export const ogImageSize = { width: 1200, height: 630 } as const;

export interface OgImage {
  /** The file's address on the site (public/). */
  path: string;
  /** The card's text: home's heading and the business's description (locales/*\/home.po and shell.po). */
  headline: string;
  line: string;
  /** What the image shows, for og:image:alt (not shown on the site). */
  alt: string;
}

export const ogImage: Record<Language, OgImage> = {
  en: {
    path: "/images/og-en.png",
    headline: "Laundry day, handled.",
    line: "Weekly laundry pickup and delivery across Miami-Dade.",
    alt: "FreshFold Laundry logo with the words: Laundry day, handled. Weekly laundry pickup and delivery across Miami-Dade.",
  },
  es: {
    path: "/images/og-es.png",
    headline: "El día de lavar, resuelto.",
    line: "Recogida y entrega semanal de ropa en todo Miami-Dade.",
    alt: "Logo de FreshFold Laundry con el texto: El día de lavar, resuelto. Recogida y entrega semanal de ropa en todo Miami-Dade.",
  },
};
