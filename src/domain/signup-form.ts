// The sign-up wizard's form: its shape, the schema of each step (product.md SU-2) (zod messages are message keys the views
// translate), and the pure rules that turn the form into the client sent at checkout.
import { z } from "zod";
import { addressSchema, clientSchema, detergentSchema, type Client } from "#contract/client";
import { EMAIL_PATTERN, normalizeEmail, type Language } from "#contract/common";
import { PICKUP_DAYS_REQUIRED } from "./plan";

/** What the address field edits: the parts of the address the autocomplete (or the user) fills in step 1. */
export interface AddressDraft {
  street: string;
  number: number;
  zip: string;
  city: string;
  state: string;
  country: string;
  formatted_address: string;
}

export const emptyAddressDraft = (): AddressDraft => ({
  street: "",
  number: 0,
  zip: "",
  city: "",
  state: "FL",
  country: "USA",
  formatted_address: "",
});

export const buildingTypes = ["house", "apartment", "business"] as const;
export type BuildingType = (typeof buildingTypes)[number];

/** The step-5 fields of each building type, exactly the spec's (other instructions last). */
export const buildingFields = {
  house: ["gateCode", "other"],
  apartment: ["buildingName", "unit", "callBoxCode", "gateCode", "other"],
  business: ["businessName", "accessCode", "openingHours", "closingHours", "parkingInstructions", "other"],
} as const satisfies Record<BuildingType, readonly string[]>;
export type BuildingField = (typeof buildingFields)[BuildingType][number];
export const allBuildingFields = [
  "unit",
  "callBoxCode",
  "buildingName",
  "gateCode",
  "other",
  "businessName",
  "accessCode",
  "openingHours",
  "closingHours",
  "parkingInstructions",
] as const satisfies readonly BuildingField[];
export type BuildingDetails = Record<BuildingField, string>;

export const emptyBuildingDetails = (): BuildingDetails =>
  Object.fromEntries(allBuildingFields.map((field) => [field, ""])) as BuildingDetails;

export interface SignupForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: AddressDraft;
  consent: boolean;
  terms: boolean;
  detergent: "" | z.infer<typeof detergentSchema>;
  /** null until the user answers. */
  fabricSoftener: boolean | null;
  /** The date chosen in the calendar; the availability grid shows the 7 days from it. */
  startDate: string;
  /** The picked days in the order they were picked (the oldest first). */
  picks: string[];
  /** Filled on leaving step 4: the two picks in ascending order. */
  startdate: string;
  pickupone: string;
  pickuptwo: string;
  buildingType: "" | BuildingType;
  building: BuildingDetails;
}

export const emptySignupForm = (): SignupForm => ({
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  address: emptyAddressDraft(),
  consent: false,
  terms: false,
  detergent: "",
  fabricSoftener: null,
  startDate: "",
  picks: [],
  startdate: "",
  pickupone: "",
  pickuptwo: "",
  buildingType: "",
  building: emptyBuildingDetails(),
});

const text = (max: number) => z.string().max(max).catch("");
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * Reads a form back from storage: anything missing or malformed falls back to its empty value, so a
 * stale or tampered record can never crash the wizard (the steps validate it again anyway).
 */
export const storedSignupFormSchema = z.object({
  firstName: text(100).default(""),
  lastName: text(100).default(""),
  email: text(254).default(""),
  phone: text(40).default(""),
  address: z
    .object({
      street: text(200).default(""),
      number: z.number().int().min(0).catch(0).default(0),
      zip: text(10).default(""),
      city: text(100).default(""),
      state: text(50).default("FL"),
      country: text(60).default("USA"),
      formatted_address: text(300).default(""),
    })
    .catch(emptyAddressDraft())
    .default(emptyAddressDraft()),
  consent: z.boolean().catch(false).default(false),
  terms: z.boolean().catch(false).default(false),
  detergent: z.enum(["", "scented", "hypoallergenic"]).catch("").default(""),
  fabricSoftener: z.boolean().nullable().catch(null).default(null),
  startDate: z.union([isoDate, z.literal("")]).catch("").default(""),
  picks: z.array(isoDate).max(PICKUP_DAYS_REQUIRED).catch([]).default([]),
  startdate: z.union([isoDate, z.literal("")]).catch("").default(""),
  pickupone: z.union([isoDate, z.literal("")]).catch("").default(""),
  pickuptwo: z.union([isoDate, z.literal("")]).catch("").default(""),
  buildingType: z.enum(["", ...buildingTypes]).catch("").default(""),
  building: z
    .object(Object.fromEntries(allBuildingFields.map((f) => [f, text(1000).default("")])) as Record<BuildingField, z.ZodDefault<z.ZodCatch<z.ZodString>>>)
    .catch(emptyBuildingDetails())
    .default(emptyBuildingDetails()),
}) satisfies z.ZodType<SignupForm, unknown>;

/** Parses a stored form, or the empty form when there is nothing usable. */
export function restoreSignupForm(value: unknown): SignupForm {
  const result = storedSignupFormSchema.safeParse(value);
  return result.success ? (result.data as SignupForm) : emptySignupForm();
}

/** What is mirrored under CLIENT_DATA_KEY on every change: the form and the step the user was on. */
export const mirroredSignupSchema = z.object({ form: z.unknown(), step: z.number().int().min(1).max(6).catch(1).default(1) });

// ---- Phone (product.md SU-4: 10 digits, a leading +1 or 1 dropped, shown as (ddd) ddd-dddd) ----

/** The 10 national digits of a US phone number, or null when it does not have exactly 10. */
export function phoneDigits(input: string): string | null {
  let digits = input.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  return digits.length === 10 ? digits : null;
}

/** Reformats the phone as (ddd) ddd-dddd when it has exactly 10 digits; otherwise leaves the input as typed. */
export function formatPhone(input: string): string {
  const digits = phoneDigits(input);
  return digits ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : input;
}

/**
 * The house number at the start of a street line ("1200 Brickell Ave" → 1200, "12B Main St" → 12);
 * 0 when the line does not start with one ("Brickell Ave", "", "PO Box 5").
 */
export function parseStreetNumber(street: string): number {
  const match = /^\s*(\d+)/.exec(street);
  const value = match ? Number.parseInt(match[1]!, 10) : 0;
  return Number.isSafeInteger(value) ? value : 0;
}

// ---- Step schemas ----

const required = (key: string) => z.string().trim().min(1, key);

export const step1Schema = z.object({
  firstName: clientSchema.shape.name,
  lastName: clientSchema.shape.surname,
  email: required("emailInvalid").pipe(clientSchema.shape.email),
  phone: required("phoneRequired").pipe(clientSchema.shape.phoneNumber),
  address: z
    .object({
      number: z.number().catch(0),
      street: addressSchema.shape.street,
      zip: required("zipRequired").pipe(addressSchema.shape.zip),
      city: addressSchema.shape.city,
    })
    .superRefine((address, ctx) => {
      // A typed street line needs its house number and a street name ("1200 Brickell Ave"); a picked
      // suggestion may carry the number apart from the line. Zod runs this only once every field passed, so
      // the street is never blank here (a blank one is streetRequired).
      const hasNumber = address.number > 0 || parseStreetNumber(address.street) > 0;
      const hasName = /\p{L}{2,}/u.test(address.street);
      if (!hasNumber || !hasName) ctx.addIssue({ code: "custom", path: ["street"], message: "streetIncomplete" });
    }),
  consent: z.literal(true, "consentRequired"),
  terms: z.literal(true, "termsRequired"),
});

export const step2Schema = z.object({ detergent: detergentSchema.or(z.literal("")).refine((v) => v !== "", "detergentRequired") });

export const step3Schema = z.object({ fabricSoftener: z.boolean("softenerRequired") });

export const step4Schema = z.object({
  picks: z.array(isoDate).length(PICKUP_DAYS_REQUIRED, "pickupDatesRequired"),
});

const buildingShape = addressSchema.shape;
export const step5Schema = z.discriminatedUnion(
  "buildingType",
  [
    z.object({ buildingType: z.literal("house"), building: z.object({ gateCode: buildingShape.gateCode, other: buildingShape.other }) }),
    z.object({
      buildingType: z.literal("apartment"),
      building: z.object({
        buildingName: buildingShape.buildingName,
        unit: required("unitRequired").pipe(buildingShape.unit.unwrap()),
        callBoxCode: buildingShape.callBoxCode,
        gateCode: buildingShape.gateCode,
        other: buildingShape.other,
      }),
    }),
    z.object({
      buildingType: z.literal("business"),
      building: z.object({
        businessName: required("businessNameRequired").pipe(buildingShape.businessName.unwrap()),
        accessCode: buildingShape.accessCode,
        openingHours: buildingShape.openingHours,
        closingHours: buildingShape.closingHours,
        parkingInstructions: buildingShape.parkingInstructions,
        other: buildingShape.other,
      }),
    }),
  ],
  { error: () => "buildingTypeRequired" },
);

export const stepSchemas = [step1Schema, step2Schema, step3Schema, step4Schema, step5Schema] as const;

/** A field path ("address.zip", "building.unit") and the message key of its first problem. */
export type FieldErrors = Record<string, string>;

/** The problems of one step (1-5) of the form: field path → message key, in the order of the fields. */
export function stepErrors(step: 1 | 2 | 3 | 4 | 5, form: SignupForm): FieldErrors {
  const schema: z.ZodType = stepSchemas[step - 1]!;
  const result = schema.safeParse(form);
  const errors: FieldErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.length ? issue.path.join(".") : "form";
      errors[path] ??= issue.message;
    }
  }
  return errors;
}

/** The step-1 checks the server answers: a taken e-mail and an area known to be unserved block step 1. */
export interface Step1Checks {
  emailTaken: boolean;
  areaUnavailable: boolean;
}

export function step1Errors(form: SignupForm, checks: Step1Checks): FieldErrors {
  const errors = stepErrors(1, form);
  if (checks.emailTaken && !errors.email) errors.email = "emailTaken";
  if (checks.areaUnavailable && !errors["address.zip"]) errors["address.zip"] = "serviceUnavailable";
  return errors;
}

// ---- The e-mail and service-area checks ----

/** The e-mail check runs only when the trimmed, lowercased e-mail matches the spec's pattern. */
export function emailToCheck(email: string): string | null {
  const normalized = normalizeEmail(email);
  return EMAIL_PATTERN.test(normalized) ? normalized : null;
}

/** The area check runs when the ZIP is exactly 5 characters. */
export const zipToCheck = (zip: string): string | null => (zip.length === 5 ? zip : null);

/** product.md SU-3: available for `true` or an object whose `available` is true; anything else is not. */
export function isAreaAvailable(answer: unknown): boolean {
  if (answer === true) return true;
  return typeof answer === "object" && answer !== null && (answer as { available?: unknown }).available === true;
}

// ---- Pickup days ----

/** Toggles a day: a picked day is deselected; a third pick drops the oldest. */
export function togglePick(picks: readonly string[], date: string): string[] {
  if (picks.includes(date)) return picks.filter((d) => d !== date);
  const next = [...picks, date];
  return next.slice(Math.max(0, next.length - PICKUP_DAYS_REQUIRED));
}

/** On leaving step 4: the two picks in ascending order as startdate, pickupone, pickuptwo. */
export function sortPicks(picks: readonly string[]): Pick<SignupForm, "startdate" | "pickupone" | "pickuptwo"> {
  const [first = "", second = ""] = [...picks].sort();
  return { startdate: first, pickupone: first, pickuptwo: second };
}

// ---- The client sent at checkout ----

/** The address of the client: the step-1 address plus the step-5 fields of the chosen building type only. */
export function clientAddress(form: SignupForm) {
  const type = form.buildingType || "house";
  const details = emptyBuildingDetails();
  for (const field of buildingFields[type]) details[field] = form.building[field].trim();
  const { address } = form;
  return {
    street: address.street.trim(),
    number: address.number || parseStreetNumber(address.street),
    zip: address.zip.trim(),
    city: address.city.trim(),
    state: address.state.trim() || "FL",
    country: address.country.trim() || "USA",
    formatted_address: address.formatted_address.trim(),
    ...details,
  };
}

/** The client (product.md DATA-1) with the language added, checked by the shared schema. */
export function toClient(form: SignupForm, language: Language): z.ZodSafeParseResult<Client> {
  const { startdate, pickupone, pickuptwo } = sortPicks(form.picks);
  return clientSchema.safeParse({
    name: form.firstName,
    surname: form.lastName,
    email: form.email,
    phoneNumber: formatPhone(form.phone.trim()),
    isActive: false,
    startdate,
    pickupone,
    pickuptwo,
    detergent: form.detergent,
    fabricsoftener: form.fabricSoftener,
    language,
    address: clientAddress(form),
  });
}
