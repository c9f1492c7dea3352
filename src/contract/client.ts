// The client sent at checkout (product.md DATA-1). Error messages are message keys the views translate.
import { z } from "zod";
import { dateString, emailSchema, languageSchema } from "./common";

export const PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;

const optionalText = (max = 200) => z.string().trim().max(max, "tooLong").default("");

export const addressSchema = z.object({
  street: z.string().trim().min(1, "streetRequired").max(200, "tooLong"),
  number: z.number().int().min(0).default(0),
  zip: z.string().trim().regex(/^\d{5}$/, "zipInvalid"),
  city: z.string().trim().min(1, "cityRequired").max(100, "tooLong"),
  state: z.string().trim().min(2, "stateRequired").max(50, "tooLong").default("FL"),
  country: z.string().trim().min(2).max(60).default("USA"),
  formatted_address: optionalText(300),
  unit: optionalText(50),
  callBoxCode: optionalText(50),
  buildingName: optionalText(),
  gateCode: optionalText(50),
  other: optionalText(1000),
  businessName: optionalText(),
  accessCode: optionalText(50),
  openingHours: optionalText(50),
  closingHours: optionalText(50),
  parkingInstructions: optionalText(1000),
});
export type Address = z.infer<typeof addressSchema>;
export type AddressInput = z.input<typeof addressSchema>;

export const detergentSchema = z.enum(["scented", "hypoallergenic"]);
export type Detergent = z.infer<typeof detergentSchema>;

export const clientSchema = z
  .object({
    name: z.string().trim().min(2, "firstNameMin").max(100, "tooLong"),
    surname: z.string().trim().min(2, "lastNameMin").max(100, "tooLong"),
    email: emailSchema,
    phoneNumber: z.string().trim().regex(PHONE_PATTERN, "phoneInvalid"),
    isActive: z.literal(false).default(false),
    startdate: dateString,
    pickupone: dateString,
    pickuptwo: dateString,
    detergent: detergentSchema,
    fabricsoftener: z.boolean(),
    language: languageSchema.default("en"),
    address: addressSchema,
  })
  .refine((c) => c.pickupone < c.pickuptwo, { message: "pickupDatesOrder", path: ["pickuptwo"] })
  .refine((c) => c.startdate === c.pickupone, { message: "startDateMismatch", path: ["startdate"] });
export type Client = z.infer<typeof clientSchema>;
export type ClientInput = z.input<typeof clientSchema>;
