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
