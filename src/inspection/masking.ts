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

const phoneKeys = /phone/i;

/** A deep copy with every e-mail address and phone number masked. */
export function maskPersonalData(value: unknown, key = ""): unknown {
  if (typeof value === "string") {
    if (phoneKeys.test(key) || (PHONE_DIGITS.test(value) && value.replace(/\D/g, "").length >= 10)) return maskPhone(value);
    return maskEmail(value);
  }
  if (Array.isArray(value)) return value.map((item) => maskPersonalData(item, key));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskPersonalData(v, k)]));
  }
  return value;
}
