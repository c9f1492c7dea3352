import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y-x";
import globals from "globals";
import importX, { createNodeResolver } from "eslint-plugin-import-x";

// The front end's folders (README, Architecture). A feature holds the views of one part of the site and may
// import the shared modules, the machines, the domain rules and the contract, never another feature; the shared
// modules import no feature; src/app (the router and layout) and src/main.tsx put the features together.
export const features = ["checkout", "contact", "marketing", "resources", "shell", "signup", "support"];
export const shared = ["api", "areas", "browser", "config", "contract", "domain", "i18n", "inspection", "loading", "ui"];
// The bottom of the arrows: src/contract (the API's schemas) imports only itself and the language list;
// src/domain (the product's rules: the form, the plan and prices, storage keys, redirects, service areas)
// imports the contract and nothing else of the project. Both are imported through #contract/… and #domain/…
// (package.json "imports") from outside their folder.
const foundations = [
  { module: "contract", may: ["./contract", "./i18n/languages.ts"] },
  { module: "domain", may: ["./domain", "./contract", "./i18n/languages.ts"] },
];

export default tseslint.config(
  { ignores: ["dist", "node_modules", "locales/**/*.ts", "test-results", "playwright-report", "data", "coverage", "reports", ".stryker-tmp"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, ...jsxA11y.configs.recommended.plugins },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "jsx-a11y-x/no-autofocus": "off",
    },
  },
  {
    // Arrows point one way: machines never import views or the server; browser code never imports server/.
    files: ["machines/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["**/src/*/*-page*", "**/src/api/**", "**/src/ui/**", "**/server/**", "react", "react-dom", "@xstate/react"] },
      ],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/server/**"] }] },
  },
  {
    // Boundaries, checked on the resolved files: no import cycles anywhere in the code, no feature importing
    // another feature, no shared module importing a feature or the app (tests/unit/lint-boundaries.test.ts).
    files: ["src/**/*.{ts,tsx}", "machines/**/*.ts", "server/**/*.ts", "scripts/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })],
      // Without these the rules skip TypeScript files they follow, and a cycle through them goes unseen.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      // A lazy import() back into its importer (a chunk loaded later) is no cycle at start-up.
      "import-x/no-cycle": ["error", { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...features.map((feature) => ({
              target: `./src/${feature}`,
              from: "./src",
              except: [`./${feature}`, ...shared.map((module) => `./${module}`)],
              message: `src/${feature} may import only its own files and the shared modules (src/${shared.join(", src/")}): move what two features share into a shared module.`,
            })),
            ...shared.map((module) => ({
              target: `./src/${module}`,
              from: [...features.map((feature) => `./src/${feature}`), "./src/app", "./src/main.tsx"],
              message: `src/${module} is shared: it may not import a feature or the app.`,
            })),
            // The same arrows as the no-restricted-imports above, on resolved files, so #server/… is caught too.
            { target: "./src", from: "./server", message: "Browser code may not import server/." },
            { target: "./machines", from: ["./server", "./src/api", "./src/ui"], message: "Machines may not import views, the API client or the server." },
            ...foundations.flatMap(({ module, may }) => [
              { target: `./src/${module}`, from: "./src", except: may, message: `src/${module} may import only ${may.map((m) => `src/${m.slice(2)}`).join(", ")}.` },
              { target: `./src/${module}`, from: ["./machines", "./server"], message: `src/${module} may not import the machines or the server.` },
            ]),
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.{js,mjs}", "*.js"],
    languageOptions: { globals: globals.node },
  },
);
