import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

// One catalog per feature, so each feature's messages live (and are reviewed) beside each other.
// Never set fallbackLocales: it would let a missing Spanish translation pass `compile --strict`.
const feature = (name: string, include: string[], exclude: string[] = []) => ({
  path: `<rootDir>/locales/{locale}/${name}`,
  include,
  // Lingui hands exclude to glob's ignore, which skips a folder's files only with "/**".
  exclude: exclude.flatMap((folder) => [folder, `${folder}/**`]),
});

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "es"],
  format: formatter({ lineNumbers: false }),
  catalogs: [
    feature("shell", ["<rootDir>/src/app", "<rootDir>/src/shell", "<rootDir>/src/ui", "<rootDir>/src/i18n"]),
    feature("marketing", ["<rootDir>/src/marketing"]),
    feature("resources", ["<rootDir>/src/resources"]),
    feature("contact", ["<rootDir>/src/contact"]),
    feature("signup", ["<rootDir>/src/signup"], ["<rootDir>/src/signup/address"]),
    feature("address", ["<rootDir>/src/signup/address"]),
    feature("checkout", ["<rootDir>/src/checkout"]),
    feature("support", ["<rootDir>/src/support"]),
    feature("server", ["<rootDir>/server"], ["<rootDir>/server/mail", "<rootDir>/server/payments"]),
    feature("mail", ["<rootDir>/server/mail"]),
    feature("payments", ["<rootDir>/server/payments"]),
  ],
  compileNamespace: "ts",
});
