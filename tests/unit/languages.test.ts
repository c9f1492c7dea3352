import { describe, expect, it } from "vitest";
import { detectLanguage } from "../../src/i18n/languages";

describe("the language rule (product.md SITE-1)", () => {
  it("lets the saved choice win over a Spanish browser", () => {
    expect(detectLanguage("en", ["es-US", "es"])).toBe("en");
    expect(detectLanguage("es", ["en-US"])).toBe("es");
  });
  it("gives Spanish to a browser whose language is Spanish", () => {
    expect(detectLanguage(null, ["es"])).toBe("es");
    expect(detectLanguage(null, ["es-MX", "en"])).toBe("es");
  });
  it("gives English otherwise, and ignores a saved value that is no language of the site", () => {
    expect(detectLanguage(null, ["fr-FR"])).toBe("en");
    expect(detectLanguage(undefined, [])).toBe("en");
    expect(detectLanguage("de", ["fr"])).toBe("en");
    expect(detectLanguage("de", ["es"])).toBe("es");
    expect(detectLanguage(null, ["en-US", "es"])).toBe("en");
  });
});
