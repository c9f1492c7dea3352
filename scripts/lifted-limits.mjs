// The per-address limits lifted for runs that drive many sign-ups from one address (the browser tests, the
// crash test, the API tests, the first-load measure). The shipped limits have their own server tests; a unit
// test checks this list names every RATE_LIMIT_* setting of server/config.ts.
export const liftedLimits = Object.freeze({
  RATE_LIMIT_EMAIL_EXISTS: "100000000",
  RATE_LIMIT_SERVICE_AREA: "100000000",
  RATE_LIMIT_SIGNUPDAY: "100000000",
  RATE_LIMIT_CONTACT_FORM: "100000000",
  RATE_LIMIT_NEWSLETTER: "100000000",
  RATE_LIMIT_CHECKOUT: "100000000",
  RATE_LIMIT_EMAIL_CALLS: "100000000",
  CHECKOUT_OPEN_PER_ADDRESS: "100000000",
});
