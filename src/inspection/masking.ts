// Masks personal data in what support sees and exports, keeping its shape so a replay behaves the same.
const EMAIL = /([^\s@])[^\s@]*@([^\s@])[^\s@.]*((?:\.[^\s@.]+)+)/g;
const PHONE_DIGITS = /^[\d\s()+.-]{10,}$/;

export function maskEmail(text: string): string {
  return text.replace(EMAIL, (_, first: string, domainFirst: string, tld: string) => `${first}***@${domainFirst}***${tld}`);
}

/** Keeps the format and the last four digits: "(305) 555-0142" → "(000) 000-0142". */
export function maskPhone(text: string): string {
  const digits = text.replace(/\D/g, "").length;
  let seen = 0;
  return text.replace(/\d/g, (d) => (++seen > digits - 4 ? d : "0"));
}

/**
 * Keeps each word's first character, length and kind (letters x, digits 0), so a replayed street still has its
 * house number and name: "1200 Brickell Ave" → "1000 Bxxxxxxx Axx".
 */
export function maskStreet(text: string): string {
  return text.replace(/([^\s,])([^\s,]*)/g, (_, first: string, rest: string) =>
    first + rest.replace(/\p{L}/gu, "x").replace(/\p{N}/gu, "0").replace(/[^x0]/g, "*"),
  );
}

const phoneKeys = /phone/i;
/** Where a street address sits: the form's street, and the autocomplete's query, suggestions and result. */
const streetKeys = /^(street|formatted_address|query|text|mainText)$/;

/** A deep copy with every e-mail address, phone number and street address masked (the ZIP and city stay). */
export function maskPersonalData(value: unknown, key = ""): unknown {
  if (typeof value === "string") {
    if (streetKeys.test(key)) return maskStreet(value);
    if (phoneKeys.test(key) || (PHONE_DIGITS.test(value) && value.replace(/\D/g, "").length >= 10)) return maskPhone(value);
    return maskEmail(value);
  }
  if (Array.isArray(value)) return value.map((item) => maskPersonalData(item, key));
  if (value && typeof value === "object") {
    // The street field's keystrokes reach the address autocomplete as { type: "input.changed", value }.
    const typedStreet = (value as { type?: unknown }).type === "input.changed";
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskPersonalData(v, typedStreet && k === "value" ? "street" : k)]));
  }
  return value;
}
