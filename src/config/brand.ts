// Brand details the spec does not reproduce: placeholders, read by the site and the server alike.
export const brand = {
  name: "FreshFold Laundry",
  phone: "(305) 555-0142",
  phoneHref: "tel:+13055550142",
  email: "hello@freshfold.example",
  street: "100 Placeholder Ave, Suite 200",
  cityLine: "Miami, FL 33130",
  social: {
    instagram: "https://instagram.com/freshfold.example",
    facebook: "https://facebook.com/freshfold.example",
  },
} as const;

/** The five static areas listed in the footer (spec section 1). */
export const footerServiceAreas = ["Brickell", "South Beach", "Coral Gables", "Coconut Grove", "Wynwood"] as const;
