import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";

export default tseslint.config(
  { ignores: ["dist", "node_modules", "locales/**/*.ts", "test-results", "playwright-report", "data", "coverage"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "jsx-a11y/no-autofocus": "off",
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
    files: ["scripts/**/*.{js,mjs}", "*.js"],
    languageOptions: { globals: globals.node },
  },
);
