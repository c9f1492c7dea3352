// The service-area data (product.md AREA-1), read by the areas page and by the server's area check.
export type DeliveryTime = "same-day" | "24-hours" | "next-day";

export interface ServiceArea {
  slug: string;
  name: string;
  neighborhoods: string[];
  deliveryTime: DeliveryTime;
  zipCodes: string[];
}

export const serviceAreas: ServiceArea[] = [
  { slug: "downtown-brickell", name: "Downtown & Brickell", neighborhoods: ["Downtown", "Brickell"], deliveryTime: "same-day", zipCodes: ["33130", "33131", "33132"] },
  { slug: "south-beach-mid-beach", name: "South Beach & Mid-Beach", neighborhoods: ["South Beach", "Mid-Beach"], deliveryTime: "24-hours", zipCodes: ["33139", "33140", "33141"] },
  { slug: "wynwood-design-district", name: "Wynwood & Design District", neighborhoods: ["Wynwood", "Design District"], deliveryTime: "24-hours", zipCodes: ["33127", "33137", "33142"] },
  { slug: "coral-gables-coconut-grove", name: "Coral Gables & Coconut Grove", neighborhoods: ["Coral Gables", "Coconut Grove"], deliveryTime: "24-hours", zipCodes: ["33133", "33134", "33143", "33146"] },
  { slug: "little-havana-flagami", name: "Little Havana & Flagami", neighborhoods: ["Little Havana", "Flagami"], deliveryTime: "24-hours", zipCodes: ["33125", "33126", "33135", "33144"] },
  { slug: "doral-airport", name: "Doral & Airport", neighborhoods: ["Doral", "Airport"], deliveryTime: "next-day", zipCodes: ["33122", "33166", "33172", "33178"] },
];

export const comingSoonAreas = ["Aventura", "Sunny Isles", "Key Biscayne", "Homestead", "Kendall", "Palmetto Bay", "Hialeah", "Miami Lakes"];

/**
 * The ZIP codes of the coming-soon areas (product.md AREA-3). NOT in the spec, which names these areas only:
 * the operator's data (the main USPS ZIP of each place), so a visitor typing one hears which area is coming.
 */
export const comingSoonZipCodes: Record<string, (typeof comingSoonAreas)[number]> = {
  "33180": "Aventura",
  "33160": "Sunny Isles",
  "33149": "Key Biscayne",
  "33030": "Homestead",
  "33033": "Homestead",
  "33034": "Homestead",
  "33035": "Homestead",
  "33156": "Kendall",
  "33173": "Kendall",
  "33176": "Kendall",
  "33183": "Kendall",
  "33186": "Kendall",
  "33157": "Palmetto Bay",
  "33010": "Hialeah",
  "33012": "Hialeah",
  "33013": "Hialeah",
  "33016": "Hialeah",
  "33014": "Miami Lakes",
  "33018": "Miami Lakes",
};

/** "  Downtown & Brickell " → "downtown-brickell": every area's slug is its name's (tests/unit/service-areas.test.ts). */
const slugify = (value: string) => value.toLowerCase().replace(/&/g, " ").replace(/[\s_-]+/g, "-").replace(/^-|-$/g, "");

export type AreaLookup =
  | { available: true; area: ServiceArea }
  | { available: false; comingSoon: true; name: string }
  | { available: false; comingSoon?: undefined };

/** A ZIP or an area/neighbourhood name (case and spacing ignored). */
export function lookupServiceArea(query: string): AreaLookup {
  const value = query.trim();
  if (/^\d{5}$/.test(value)) {
    const area = serviceAreas.find((a) => a.zipCodes.includes(value));
    if (area) return { available: true, area };
    const soon = comingSoonZipCodes[value];
    return soon ? { available: false, comingSoon: true, name: soon } : { available: false };
  }
  const slug = slugify(value);
  const area = serviceAreas.find((a) => a.slug === slug || a.neighborhoods.some((n) => slugify(n) === slug));
  if (area) return { available: true, area };
  const soon = comingSoonAreas.find((name) => slugify(name) === slug);
  if (soon) return { available: false, comingSoon: true, name: soon };
  return { available: false };
}
