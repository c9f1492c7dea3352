// From a Places API (New) place to the spec's address, and the adapter's calls to the Places library.
import { describe, expect, it } from "vitest";
import { emptyAddressDraft, normalizeZip, parseStreetNumber } from "../../src/signup/address/address-draft";
import {
  addressFromPlace,
  createPlacesPort,
  type AddressComponentLike,
  type PlaceLike,
  type PlacesLibraryLike,
} from "../../src/signup/address/places-adapter";
import { brickellAddress } from "../fixtures/address";

const c = (longText: string, shortText: string, ...types: string[]): AddressComponentLike => ({ longText, shortText, types });

const brickellComponents = [
  c("1200", "1200", "street_number"),
  c("Brickell Avenue", "Brickell Ave", "route"),
  c("Brickell", "Brickell", "neighborhood", "political"),
  c("Miami", "Miami", "locality", "political"),
  c("Miami-Dade County", "Miami-Dade County", "administrative_area_level_2", "political"),
  c("Florida", "FL", "administrative_area_level_1", "political"),
  c("United States", "US", "country", "political"),
  c("33131", "33131", "postal_code"),
  c("1234", "1234", "postal_code_suffix"),
];

describe("parseStreetNumber", () => {
  it.each([
    ["1200 Brickell Ave", 1200],
    ["  350 Lincoln Rd", 350],
    ["12B Main St", 12],
    ["0 Ocean Dr", 0],
    ["Brickell Ave", 0],
    ["PO Box 55", 0],
    ["", 0],
    ["99999999999999999999 Long St", 0],
  ])("%j → %i", (street, number) => {
    expect(parseStreetNumber(street)).toBe(number);
    expect(Number.isInteger(parseStreetNumber(street))).toBe(true);
  });
});

describe("the empty draft and the ZIP input", () => {
  it("starts in Florida, USA, with no house number", () => {
    expect(emptyAddressDraft).toEqual({ street: "", number: 0, zip: "", city: "", state: "FL", country: "USA", formatted_address: "" });
  });
  it("keeps at most five digits", () => {
    expect(normalizeZip("33131-1234")).toBe("33131");
    expect(normalizeZip(" 331a3 ")).toBe("3313");
    expect(normalizeZip("")).toBe("");
  });
});

describe("addressFromPlace", () => {
  it("maps a full Miami address: street line with its number, ZIP, city, state code, USA", () => {
    expect(addressFromPlace(brickellComponents, "1200 Brickell Ave, Miami, FL 33131, USA")).toEqual(brickellAddress);
  });

  it("gives number 0 when the street number is missing or not a number", () => {
    const noNumber = brickellComponents.filter((x) => !x.types.includes("street_number"));
    expect(addressFromPlace(noNumber, "Brickell Ave, Miami, FL, USA")).toMatchObject({ street: "Brickell Ave", number: 0 });
    const letters = [c("A", "A", "street_number"), c("Ocean Drive", "Ocean Dr", "route")];
    expect(addressFromPlace(letters, null)).toMatchObject({ street: "A Ocean Dr", number: 0 });
    const longOnly = [c("Ocean Drive", null as unknown as string, "route")];
    expect(addressFromPlace(longOnly, null)).toMatchObject({ street: "Ocean Drive", number: 0 });
    const hyphenated = [c("12-14", "12-14", "street_number"), c("NW 1st St", "NW 1st St", "route")];
    expect(addressFromPlace(hyphenated, null)).toMatchObject({ street: "12-14 NW 1st St", number: 12 });
  });

  it("leaves missing parts empty, with Florida and USA as defaults", () => {
    expect(addressFromPlace([], undefined)).toEqual({ ...emptyAddressDraft });
    expect(addressFromPlace(null, null)).toEqual({ ...emptyAddressDraft });
    const noCountry = brickellComponents.filter((x) => !x.types.includes("country") && !x.types.includes("postal_code"));
    expect(addressFromPlace(noCountry, "")).toMatchObject({ zip: "", country: "USA", city: "Miami" });
  });

  it("takes a sublocality as the city when a place has no locality", () => {
    const components = [c("Kendall", "Kendall", "sublocality_level_1", "sublocality", "political"), c("Florida", "FL", "administrative_area_level_1")];
    expect(addressFromPlace(components, null)).toMatchObject({ city: "Kendall", state: "FL" });
  });

  it("keeps a country other than the USA by name", () => {
    expect(addressFromPlace([c("Puerto Rico", "PR", "country")], null).country).toBe("Puerto Rico");
  });
});

describe("createPlacesPort", () => {
  function fakeLibrary() {
    const requests: Array<{ input: string; includedRegionCodes?: string[]; sessionToken?: unknown }> = [];
    const fetched: string[][] = [];
    let tokens = 0;
    const place: PlaceLike = {
      async fetchFields({ fields }) {
        fetched.push(fields);
        return { place: { ...place, addressComponents: brickellComponents, formattedAddress: "1200 Brickell Ave, Miami, FL 33131, USA" } };
      },
    };
    const prediction = (placeId: string, main: string, secondary: string) => ({
      placeId,
      text: { text: `${main}, ${secondary}` },
      mainText: { text: main },
      secondaryText: { text: secondary },
      toPlace: () => place,
    });
    const library: PlacesLibraryLike = {
      AutocompleteSessionToken: class {
        readonly n = ++tokens;
      },
      AutocompleteSuggestion: {
        async fetchAutocompleteSuggestions(request) {
          requests.push(request);
          return {
            suggestions: [
              { placePrediction: prediction("p1", "1200 Brickell Ave", "Miami, FL, USA") },
              { placePrediction: null },
              { placePrediction: prediction("p1", "1200 Brickell Ave", "Miami, FL, USA") },
              { placePrediction: prediction("p2", "1200 Brickell Bay Dr", "Miami, FL, USA") },
            ],
          };
        },
      },
    };
    return { library, requests, fetched };
  }

  it("asks for US suggestions with one session token until a pick, then a new one", async () => {
    const { library, requests, fetched } = fakeLibrary();
    const places = createPlacesPort(library);
    const suggestions = await places.suggest("1200 Bri");
    expect(suggestions).toEqual([
      { id: "p1", text: "1200 Brickell Ave, Miami, FL, USA", mainText: "1200 Brickell Ave", secondaryText: "Miami, FL, USA" },
      { id: "p2", text: "1200 Brickell Bay Dr, Miami, FL, USA", mainText: "1200 Brickell Bay Dr", secondaryText: "Miami, FL, USA" },
    ]);
    await places.suggest("1200 Brick");
    expect(requests.map((r) => [r.input, r.includedRegionCodes])).toEqual([
      ["1200 Bri", ["us"]],
      ["1200 Brick", ["us"]],
    ]);
    expect(requests[0]?.sessionToken).toBeDefined();
    expect(requests[1]?.sessionToken).toBe(requests[0]?.sessionToken);

    const address = await places.details("p1");
    expect(fetched).toEqual([["addressComponents", "formattedAddress"]]);
    expect(address).toEqual(brickellAddress);

    await places.suggest("350 Lin");
    expect(requests[2]?.sessionToken).not.toBe(requests[0]?.sessionToken);
  });

  it("refuses a suggestion it did not offer", async () => {
    const { library } = fakeLibrary();
    const places = createPlacesPort(library);
    await expect(places.details("p1")).rejects.toThrow(/Unknown suggestion/);
  });
});
