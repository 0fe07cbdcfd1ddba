// ESLint for the site's own JavaScript: everything of agency_site/frontend/ (the React
// components of react/, the inline head script, the client entry), the benchmark scripts and
// the tests' Node scripts (the OpenID provider). `make lint` runs it with the pinned versions the Makefile installs
// into .tools/eslint, from where the plugins load.
//
// Not linted: agency_site/frontend/patches/*.js, the patches of Reflex's generated utils/state.js
// (agency_site/frontend/patches/anchored.py). They are sections spliced into that module, not
// modules of their own, so a parser cannot read them alone; the unit test
// tests/unit/frontend/test_frontend_patches.py applies them to Reflex's file and checks the result.
import { createRequire } from "node:module";

const require = createRequire(new URL("./.tools/eslint/", import.meta.url));
const js = require("@eslint/js");
const globals = require("globals");
const react = require("eslint-plugin-react");
const reactHooks = require("eslint-plugin-react-hooks");

export default [
  {
    ignores: [
      ".web/**", ".tools/**", ".venv/**", "**/node_modules/**", "assets/**", "benchmarks/out/**",
      "agency_site/frontend/patches/*.js",
    ],
  },
  {
    files: ["agency_site/frontend/**/*.{js,jsx}"],
    ...js.configs.recommended,
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: { ...globals.browser },
    },
    plugins: { react, "react-hooks": reactHooks },
    settings: { react: { version: "19" } },
    rules: {
      ...js.configs.recommended.rules,
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // Props are documented in each file's header and typed by its Python wrapper.
      "react/prop-types": "off",
    },
  },
  {
    // The inline scripts: classic scripts (no modules, no JSX), inlined into <head> by
    // agency_site/components/head_script.py and at the end of <body> by
    // agency_site/frontend/paint_before_hydration.py.
    files: ["agency_site/frontend/language_redirect.js", "agency_site/frontend/load_after_paint.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: { ...globals.browser } },
  },
  {
    files: ["benchmarks/**/*.mjs", "tests/**/*.mjs"],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
