import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

// One catalog per feature, so each feature's messages live (and are reviewed) beside each other.
// Never set fallbackLocales: it would let a missing Spanish translation pass `compile --strict`.
// tests/unit/lint-boundaries.test.ts writes and removes folders of fixtures under src/ while other tests run.
const lintFixtures = "<rootDir>/src/**/__lint_fixture_*__";
const feature = (name: string, include: string[], exclude: string[] = []) => ({
  path: `<rootDir>/locales/{locale}/${name}`,
  include,
  // Lingui hands exclude to glob's ignore, which skips a folder's files only with "/**".
  exclude: [...exclude, lintFixtures].flatMap((folder) => [folder, `${folder}/**`]),
});

const homeFiles = ["home-page.tsx", "testimonials.tsx", "testimonials-live.tsx", "faq-preview.tsx", "faq-preview-live.tsx"].map(
  (file) => `<rootDir>/src/marketing/${file}`,
);
// Home with the billing portal's link shows it before checkout's code and catalog arrive (src/app/home-route.tsx).
const portalRedirecting = "<rootDir>/src/checkout/portal-redirecting.tsx";

const buyerFacts = "<rootDir>/src/ui/buyer-facts.tsx";
// What follows "check your e-mail" on the login page and the portal redirect: in those pages' catalogs, not the shell's.
const signInLinkHelp = "<rootDir>/src/ui/sign-in-link-help.tsx";
// The live ZIP check's answers and waitlist load with its code (and with the sign-up, whose step 1 shows them), not
// with every page's shell: the still check a page first shows needs only its label and button.
const liveZipCheck = "<rootDir>/src/areas/zip-check.tsx";

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "es"],
  format: formatter({ lineNumbers: false }),
  catalogs: [
    feature("shell", ["<rootDir>/src/app", "<rootDir>/src/shell", "<rootDir>/src/ui", "<rootDir>/src/i18n", "<rootDir>/src/areas"], [buyerFacts, signInLinkHelp, liveZipCheck]),
    feature("zip-check", [liveZipCheck]),
    // The buyer's facts (pricing, the FAQ, the review step) load with those pages, not with every page's shell.
    feature("facts", [buyerFacts]),
    // Home's own messages apart, so the home page's first load carries none of the other marketing pages'.
    feature("home", [...homeFiles, portalRedirecting]),
    feature("marketing", ["<rootDir>/src/marketing"], homeFiles),
    feature("resources", ["<rootDir>/src/resources"]),
    feature("contact", ["<rootDir>/src/contact", signInLinkHelp]),
    feature("signup", ["<rootDir>/src/signup"], ["<rootDir>/src/signup/address"]),
    feature("address", ["<rootDir>/src/signup/address"]),
    feature("checkout", ["<rootDir>/src/checkout", signInLinkHelp]),
    feature("support", ["<rootDir>/src/support"]),
    feature("mail", ["<rootDir>/server/mail"]),
    feature("payments", ["<rootDir>/server/payments"]),
  ],
  compileNamespace: "ts",
});
