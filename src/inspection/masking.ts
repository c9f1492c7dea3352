// Masks personal data in what support sees and exports, keeping its shape so a replay behaves the same.
import type { AddressAutocompleteMessage } from "#machines/address-autocomplete.machine";

const EMAIL = /([^\s@])[^\s@]*@([^\s@])[^\s@.]*((?:\.[^\s@.]+)+)/g;
const PHONE_DIGITS = /^[\d\s()+.-]{10,}$/;

export function maskEmail(text: string): string {
  return text.replace(EMAIL, (_, first: string, domainFirst: string, tld: string) => `${first}***@${domainFirst}***${tld}`);
}

/**
 * An e-mail field's text, whole or half typed: a whole address comes out as maskEmail gives it, and so does what a
 * visitor has typed so far, which maskEmail does not recognise yet: "ana.ma" → "a***", "ana@exam" → "a***@e***".
 * Spaces and @ stay where they were, so a masked address is valid exactly when the typed one was and a replay
 * checks the same.
 */
export function maskEmailField(text: string): string {
  return text.replace(/[^\s@]+/gu, (word: string, offset: number) => {
    const hidden = `${Array.from(word)[0]}***`;
    if (text[offset - 1] !== "@") return hidden;
    const dot = word.indexOf(".");
    return dot < 0 ? hidden : dot === 0 ? word : hidden + word.slice(dot);
  });
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

/**
 * A person's, a building's or a business's name, masked as a street is: "Ana María" → "Axx Mxxxx", "Ana's Salon" →
 * "Axx*x Sxxxx". A replayed name keeps its length, so a step that asks for two letters or more still passes.
 */
export function maskName(text: string): string {
  return maskStreet(text);
}

/** The site's maps key (a browser key, but not support's to copy): "AIzaSy…" → "***"; none stays none. */
export function maskKey(text: string): string {
  return text ? "***" : text;
}

/**
 * Keeps only each character's kind (letters x, digits 0, spaces, anything else *), so a replayed field still has
 * its length: a building's access code "4821#" → "0000*", its instructions "Key under mat" → "xxx xxxxx xxx".
 */
export function maskCode(text: string): string {
  return text.replace(/\p{L}/gu, "x").replace(/\p{N}/gu, "0").replace(/[^x0\s]/g, "*");
}

// The e-mailed links' proofs of a customer (docs/who-may-do-what.md): the welcome token "w." opens the billing
// portal for 30 days, a sign-in token "s." once. Its kind stays, so support sees which link was used.
const TOKEN = /^([ws])\.(?:[\w.-]+|\*\*\*)$/;
const TOKEN_IN_TEXT = /(?<![\w.-])([ws])\.\w[\w.-]{7,}/g;

/** A portal token: "w.aB3…" → "w.***"; a token of no known kind → "***". */
export function maskToken(text: string): string {
  if (!text) return text;
  const kind = TOKEN.exec(text)?.[1];
  return kind ? `${kind}.***` : "***";
}

// The payment provider's and the sandbox's hosted pages: a checkout or billing-portal link is a live session
// that opens the customer's payment or subscription. The origin stays (a replayed guard checks it), and a bare
// origin (the machines' providerOrigins) is no session and stays whole.
const HOSTED_LINK = /https:\/\/(?:[a-z0-9-]+\.)*stripe\.com[/?#][^\s"'<>]*|(?:https?:\/\/[^\s/?#"'<>]+)?\/sandbox\/(?:checkout|portal)\/[^\s"'<>]*/g;
// A checkout session id (Stripe's cs_test_/cs_live_, the sandbox's cs_sandbox_): it names the paid checkout.
const CHECKOUT_ID = /\bcs_(test|live|sandbox)_[\w-]+/g;

/** A hosted page's link: "https://billing.stripe.com/p/session/…" → "https://billing.stripe.com/***". */
export function maskLink(text: string): string {
  if (!text) return text;
  const sandbox = /^((?:https?:\/\/[^\s/?#]+)?\/sandbox\/(?:checkout|portal)\/)/.exec(text)?.[1];
  if (sandbox) return `${sandbox}***`;
  try {
    const { origin } = new URL(text);
    return origin === "null" ? "***" : `${origin}/***`;
  } catch {
    return "***";
  }
}

/** A checkout session id or reference: "cs_test_a1B2…" → "cs_test_***"; any other → "***". */
export function maskCheckoutId(text: string): string {
  if (!text) return text;
  const kind = /^cs_(test|live|sandbox)_/.exec(text)?.[1];
  return kind ? `cs_${kind}_***` : "***";
}

/** The house number parsed from the street, masked as the street's is: 1200 → 1000. */
export function maskHouseNumber(value: number): number {
  return Number.isSafeInteger(value) && value > 0 ? Number(maskStreet(String(value))) : value;
}

/** The secrets above wherever they sit in a text (an answer, an error, a run key), then its e-mail addresses. */
function maskText(text: string): string {
  return maskEmail(
    text.replace(HOSTED_LINK, maskLink).replace(TOKEN_IN_TEXT, (_, kind: string) => `${kind}.***`).replace(CHECKOUT_ID, (_, kind: string) => `cs_${kind}_***`),
  );
}

const phoneKeys = /phone/i;
/**
 * E-mail fields, as typed: the sign-up's, the contact form's, the newsletter's and the waitlist's, and the e-mail a
 * page was given (?email=). Their edits ({ type: "email.changed", value }) are read under this key too.
 */
const emailKeys = /^email$/;
/** The house number the sign-up parses from the street (src/domain/signup-form.ts AddressDraft.number). */
const houseNumberKeys = /^number$/;
/** Where a street address sits: the form's street, and the autocomplete's query, suggestions and result. */
const streetKeys = /^(street|formatted_address|query|text|mainText)$/;
/** The portal-redirect's ?token= (and any other token). */
const tokenKeys = /^token$|Token$/;
/** Hosted-page links: the portal redirect's link, the payment-success page's portalLink, the sign-up's checkoutUrl, an answer's portal_url. */
const linkKeys = /^(link|url|href)$|(Link|Url|_url)$/;
/** The payment-success page's ?session_id= and the payment-canceled page's ?checkout= reference. */
const checkoutKeys = /^(sessionId|session_id|checkout|checkoutId)$/;
/**
 * Names: the sign-up's firstName and lastName and step 5's buildingName and businessName (src/domain/signup-form.ts),
 * the checkout client's name and surname (src/contract/client.ts), the contact form's name and businessName.
 */
const nameKeys = /^(firstName|lastName|name|surname|buildingName|businessName)$/;
/** The address autocomplete's maps key (machines/address-autocomplete.machine.ts). */
const apiKeyKeys = /^apiKey$/;
/**
 * Where those keys hold no name: a failed call's error ({ name: "ApiRequestError", fields: { name: "nameRequired" } })
 * and the form's errors (field → message key).
 */
const errorKeys = /^(error|errors|fields)$/;
/** Step 5's ways into the customer's home or business (src/domain/signup-form.ts buildingFields); the free-text instructions often hold a code too. */
const accessKeys = /^(gateCode|callBoxCode|accessCode|other|parkingInstructions)$/;
/**
 * What else a visitor types about themselves, masked as the codes are: step 5's unit and a business's opening and
 * closing hours (src/domain/signup-form.ts buildingFields), and the contact form's message
 * (machines/contact-form.machine.ts), which may hold anything from a phone number to a home address.
 */
const typedKeys = /^(unit|openingHours|closingHours|message)$/;
/**
 * The address suggestions' context.message is no visitor's text but a message key (machines/address-autocomplete.machine.ts):
 * kept, so support sees which failure the visitor was shown. The Record makes a new key a type error here until it is listed.
 */
const autocompleteMessages: Record<AddressAutocompleteMessage, true> = { loadFailed: true, detailsFailed: true };
const messageKeysKept = new Set(Object.keys(autocompleteMessages));
/** Where a field's edit carries its value under `value` without naming the field: the event type names it. */
const valueKeyOfEvent = new Map([
  ["input.changed", "street"],
  ["email.changed", "email"],
]);

/**
 * A deep copy with every e-mail address, phone number and street address, every person's, building's and business's
 * name, every portal token, hosted checkout or portal link, checkout session id, building access code, apartment unit,
 * business's hours, contact message, e-mail typed halfway, house number and the maps key masked (the ZIP, city, dates,
 * choices and message keys stay). Masking a masked copy again changes nothing.
 */
export function maskPersonalData(value: unknown, key = ""): unknown {
  if (typeof value === "number" && houseNumberKeys.test(key)) return maskHouseNumber(value);
  if (typeof value === "string") {
    if (streetKeys.test(key)) return maskStreet(value);
    if (nameKeys.test(key)) return maskName(value);
    if (apiKeyKeys.test(key)) return maskKey(value);
    if (tokenKeys.test(key)) return maskToken(value);
    if (linkKeys.test(key)) return maskLink(value);
    if (checkoutKeys.test(key)) return maskCheckoutId(value);
    if (accessKeys.test(key)) return maskCode(value);
    if (typedKeys.test(key)) return key === "message" && messageKeysKept.has(value) ? value : maskCode(value);
    if (emailKeys.test(key)) return maskEmailField(value);
    if (phoneKeys.test(key) || (PHONE_DIGITS.test(value) && value.replace(/\D/g, "").length >= 10)) return maskPhone(value);
    return maskText(value);
  }
  if (Array.isArray(value)) return value.map((item) => maskPersonalData(item, key));
  if (value && typeof value === "object") {
    // A field's edit names the field beside its value: { type: "building.changed", field: "gateCode", value }. The
    // street field's keystrokes reach the address autocomplete as { type: "input.changed", value }, an e-mail's
    // reach their machine as { type: "email.changed", value }.
    const { type, field } = value as { type?: unknown; field?: unknown };
    const valueKey = (typeof type === "string" && valueKeyOfEvent.get(type)) || (typeof field === "string" ? field : "value");
    const inError = errorKeys.test(key);
    // In an error, these keys hold its class, its message or a field's message key, no one's name, address or words:
    // { errors: { email: "emailInvalid" } }, { fields: { message: "messageRequired" } } (e-mail addresses are still masked by value).
    const keyOf = (k: string) => (k === "value" ? valueKey : inError && (nameKeys.test(k) || emailKeys.test(k) || typedKeys.test(k)) ? "" : k);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskPersonalData(v, keyOf(k))]));
  }
  return value;
}

/**
 * The page's address with its path and harmless parameters kept and each parameter's value masked as above:
 * "/?email=ana%40example.com&token=w.…&support" → "/?email=a***@e***.com&token=w.***&support".
 */
export function maskPageAddress(page: string): string {
  const [pathAndQuery = "", hash] = page.split(/#(.*)/s);
  const [path = "", query] = pathAndQuery.split(/\?(.*)/s);
  const maskedQuery =
    query === undefined
      ? ""
      : `?${query
          .split("&")
          .map((pair) => {
            const at = pair.indexOf("=");
            if (at < 0) return maskText(pair);
            const name = decodeParameter(pair.slice(0, at));
            const raw = decodeParameter(pair.slice(at + 1));
            const masked = maskPersonalData(raw, name) as string;
            return masked === raw ? pair : `${pair.slice(0, at)}=${encodeURIComponent(masked).replace(/%40/g, "@")}`;
          })
          .join("&")}`;
  return maskText(path) + maskedQuery + (hash === undefined ? "" : `#${maskText(hash)}`);
}

function decodeParameter(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}
