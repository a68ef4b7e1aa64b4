// ESLint's settings for the page's ES modules and their Node tests (`npm run lint`, run by
// tests/test_page_code.py). The recommended rules, and every name imported or declared.
import js from "@eslint/js";
import globals from "globals";

export default [
  // the page's bundle is esbuild's output (scripts/build_page.py), not a source
  { ignores: ["mendikot_replay/views/static/bundle/**", "mendikot_replay/views/static/messages.js"] },
  js.configs.recommended,
  {
    files: ["mendikot_replay/views/static/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
    rules: {
      "no-unused-vars": ["error", { args: "none" }],
      eqeqeq: ["error", "smart"],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
  {
    // the static site's page and its worker (a module worker: `self`, `fetch`, `postMessage`)
    files: ["mendikot_replay/views/site/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser, ...globals.worker } },
    rules: { "no-unused-vars": ["error", { args: "none" }], eqeqeq: ["error", "smart"], "no-var": "error", "prefer-const": "error" },
  },
  {
    files: ["tests/js/**/*.js", "tests/js/**/*.mjs", "tests/c/**/*.mjs", "tests/pyodide/**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
