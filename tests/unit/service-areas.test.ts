// The area check's lookup (product.md AREA-1, AREA-2): a 5-digit ZIP or an area's or neighbourhood's name, case
// and spacing ignored; a coming-soon place is named; anything unknown is not served. The server's answer to
// GET /api/service_area is tested in tests/server/api-calls.test.ts; this is the rule itself.
import { describe, expect, it } from "vitest";
import { comingSoonAreas, comingSoonZipCodes, lookupServiceArea, serviceAreas } from "#domain/service-areas";

const servedName = (query: string) => {
  const answer = lookupServiceArea(query);
  return answer.available ? answer.area.name : null;
};

describe("lookupServiceArea", () => {
  it("answers every served ZIP with its area", () => {
    for (const area of serviceAreas) for (const zip of area.zipCodes) expect(lookupServiceArea(zip)).toEqual({ available: true, area });
  });

  it("answers every coming-soon ZIP with its place, and any other 5-digit ZIP as not served", () => {
    for (const [zip, name] of Object.entries(comingSoonZipCodes)) expect(lookupServiceArea(zip)).toEqual({ available: false, comingSoon: true, name });
    expect(lookupServiceArea("90210")).toEqual({ available: false });
    expect(lookupServiceArea("00000")).toEqual({ available: false });
  });

  it("ignores spacing around a ZIP, and takes nothing but exactly 5 digits for one", () => {
    expect(servedName(" 33131 ")).toBe("Downtown & Brickell");
    expect(lookupServiceArea("3313")).toEqual({ available: false });
    expect(lookupServiceArea("331310")).toEqual({ available: false });
    expect(lookupServiceArea("33131x")).toEqual({ available: false });
    expect(lookupServiceArea("x33131")).toEqual({ available: false });
  });

  it("finds an area by its slug, its name or one of its neighbourhoods, case and spacing ignored", () => {
    for (const area of serviceAreas) {
      expect(servedName(area.slug)).toBe(area.name);
      expect(servedName(area.name)).toBe(area.name);
      expect(servedName(area.name.toUpperCase())).toBe(area.name);
      for (const neighborhood of area.neighborhoods) expect(servedName(neighborhood.toLowerCase())).toBe(area.name);
    }
    expect(servedName("  south   beach ")).toBe("South Beach & Mid-Beach");
    expect(servedName("Design_District")).toBe("Wynwood & Design District");
    expect(servedName("coral-gables--coconut_grove")).toBe("Coral Gables & Coconut Grove");
    expect(servedName("Wynwood&Design District")).toBe("Wynwood & Design District");
    // A name half typed around its "&" still counts.
    expect(servedName("Wynwood &")).toBe("Wynwood & Design District");
    expect(servedName("& Brickell")).toBe("Downtown & Brickell");
  });

  it("serves nothing for a query of only spaces, dashes or ampersands", () => {
    for (const query of ["", "   ", "&", " - _ & "]) expect(lookupServiceArea(query)).toEqual({ available: false });
  });

  it("names a coming-soon place asked for by name", () => {
    for (const name of comingSoonAreas) {
      expect(lookupServiceArea(name.toLowerCase())).toEqual({ available: false, comingSoon: true, name });
    }
    expect(lookupServiceArea(" key  BISCAYNE ")).toEqual({ available: false, comingSoon: true, name: "Key Biscayne" });
  });

  it("answers anything else, an empty or punctuation-only query included, as not served", () => {
    for (const query of ["", "   ", "&", " - _ ", "Orlando", "Brickell Key West", "<script>"]) {
      expect(lookupServiceArea(query), query).toEqual({ available: false });
    }
  });
});

// The data itself: the spec's table (product-spec §9, product.md AREA-1), read through the area check that
// confirms a served ZIP with its area's name and delivery time (AREA-2).
const specAreas = [
  { name: "Downtown & Brickell", deliveryTime: "same-day", zips: ["33130", "33131", "33132"] },
  { name: "South Beach & Mid-Beach", deliveryTime: "24-hours", zips: ["33139", "33140", "33141"] },
  { name: "Wynwood & Design District", deliveryTime: "24-hours", zips: ["33127", "33137", "33142"] },
  { name: "Coral Gables & Coconut Grove", deliveryTime: "24-hours", zips: ["33133", "33134", "33143", "33146"] },
  { name: "Little Havana & Flagami", deliveryTime: "24-hours", zips: ["33125", "33126", "33135", "33144"] },
  { name: "Doral & Airport", deliveryTime: "next-day", zips: ["33122", "33166", "33172", "33178"] },
] as const;

describe("the service areas (product.md AREA-1)", () => {
  it("confirms each ZIP of the spec with its area's name and delivery time", () => {
    for (const { name, deliveryTime, zips } of specAreas) {
      for (const zip of zips) {
        const answer = lookupServiceArea(zip);
        expect(answer.available && { name: answer.area.name, deliveryTime: answer.area.deliveryTime }, zip).toEqual({ name, deliveryTime });
      }
    }
    expect(serviceAreas.flatMap((area) => area.zipCodes).sort()).toEqual(specAreas.flatMap((area) => area.zips).sort());
  });

  it("finds each area by either of the neighbourhoods its name names", () => {
    for (const { name } of specAreas) {
      for (const neighborhood of name.split(" & ")) expect(servedName(neighborhood), neighborhood).toBe(name);
    }
  });

  it("names every coming-soon place for at least one ZIP of its own, and only those places", () => {
    expect(comingSoonAreas).toEqual(["Aventura", "Sunny Isles", "Key Biscayne", "Homestead", "Kendall", "Palmetto Bay", "Hialeah", "Miami Lakes"]);
    for (const name of comingSoonAreas) {
      const zips = Object.keys(comingSoonZipCodes).filter((zip) => comingSoonZipCodes[zip] === name);
      expect(zips.length, name).toBeGreaterThan(0);
      for (const zip of zips) expect(lookupServiceArea(zip)).toEqual({ available: false, comingSoon: true, name });
    }
    for (const name of Object.values(comingSoonZipCodes)) expect(comingSoonAreas).toContain(name);
  });
});
