// The browser's key for one request that must not be acted on twice (decision 018): 32 random hex digits
// (getRandomValues: randomUUID needs a secure context, which a plain-http site is not).
/** A key as newRequestKey makes it: what the tab keeps is read back only if it is one. */
export const isRequestKey = (value: unknown): value is string => typeof value === "string" && /^[0-9a-f]{32}$/.test(value);

export const newRequestKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
