import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Why a feature may not reach into another feature's files. */
const THROUGH_INDEX = 'Import another feature through its index.ts (e.g. "../payments"), not its files.';

export default tseslint.config(
  { ignores: ["dist/", "src/gen/", "test-results/", "playwright-report/", "e2e/screenshots/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "Literal[value=/\\bbp[0-9]-/]",
          message: "Use Blueprint's Classes.* constants instead of raw class names.",
        },
      ],
    },
  },
  {
    // A feature uses another only through what its index.ts exports.
    files: ["src/features/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./(?!\\.\\.?/)[^/]+/(?!index(\\.tsx?)?$)",
              message: THROUGH_INDEX,
            },
            {
              regex: "^(\\.\\./)+features/[^/]+/(?!index(\\.tsx?)?$)",
              message: THROUGH_INDEX,
            },
          ],
        },
      ],
    },
  },
);
