// Brand details the spec does not reproduce: placeholders, read by the site and the server alike.
export const brand = {
  name: "FreshFold Laundry",
  phone: "(305) 555-0142",
  phoneHref: "tel:+13055550142",
  email: "hello@freshfold.example",
  street: "100 Placeholder Ave, Suite 200",
  cityLine: "Miami, FL 33130",
  social: {
    instagram: "https://instagram.com/freshfold.example",
    facebook: "https://facebook.com/freshfold.example",
  },
} as const;

/** The five static areas listed in the footer (product.md SITE-2). */
export const footerServiceAreas = ["Brickell", "South Beach", "Coral Gables", "Coconut Grove", "Wynwood"] as const;

/**
 * The facts a buyer looks for (issue 13, item 11) that the spec does not give: PLACEHOLDERS the operator must set
 * before launch (README, Configuration). The site (pricing, FAQ, the sign-up's review) and the welcome e-mail
 * say them in both languages from these values.
 */
export const buyerFacts = {
  /** PLACEHOLDER: the laundry one pickup covers, in pounds (about one full standard laundry bag). */
  poundsPerPickup: 20,
  /** PLACEHOLDER: each pickup day's pickup window, 24-hour clock, Miami time. */
  pickupWindow: { from: 7, to: 11 },
  /** PLACEHOLDER: the delivery window the day after a pickup, 24-hour clock, Miami time. */
  deliveryWindow: { from: 17, to: 21 },
  /** PLACEHOLDER: "provided": we hand over a reusable bag at the first pickup; "yours": any bag the customer has. */
  bag: "provided" as "provided" | "yours",
  /** PLACEHOLDER: what we pay for a lost or damaged item, in US dollars, and how soon it must be reported. */
  lostOrDamaged: { perItemUsd: 100, perOrderUsd: 500, reportWithinDays: 3 },
} as const;

/** An hour of the 24-hour clock in the language's way ("7 AM", "7 a. m."). */
export function formatHour(hour: number, language: "en" | "es"): string {
  return new Intl.DateTimeFormat(language === "es" ? "es-US" : "en-US", { hour: "numeric", timeZone: "UTC" })
    .format(new Date(Date.UTC(2030, 0, 1, hour)))
    .replace(/\u202f/g, " ");
}
