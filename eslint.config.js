// `npm run lint`: ESLint with TypeScript, React hooks, accessibility and import rules, then
// knip for dead exports. Formatting is Prettier's (`npm run format`), not ESLint's.
import fs from "node:fs";
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The floors of the app, bottom up; an import may only run down (docs/ARCHITECTURE.md).
const LAYERS = [
  // domain: pure rules in integer pence; imports nothing of ours.
  {
    target: "./app/domain",
    from: [
      "./app/schemas",
      "./app/utils",
      "./app/views",
      "./app/server",
      "./app/components",
      "./app/routes",
      "./app/root.tsx",
    ],
  },
  // schemas: zod schemas and their messages; only domain.
  {
    target: "./app/schemas",
    from: ["./app/utils", "./app/views", "./app/server", "./app/components", "./app/routes", "./app/root.tsx"],
  },
  // utils: shared by browser and server; domain and schemas.
  {
    target: "./app/utils",
    from: ["./app/views", "./app/server", "./app/components", "./app/routes", "./app/root.tsx"],
  },
  // views: the shapes the server hands the screens (types); domain only.
  {
    target: "./app/views",
    from: ["./app/schemas", "./app/utils", "./app/server", "./app/components", "./app/routes", "./app/root.tsx"],
  },
  // server: never the screens.
  { target: "./app/server", from: ["./app/components", "./app/routes", "./app/root.tsx"] },
  // components: never the server.
  { target: "./app/components", from: ["./app/server", "./app/routes", "./app/root.tsx"] },
  // Inside server/, each capability imports only the rooms under it (app/server/README.md).
  ...Object.entries({
    platform: [],
    jobs: ["platform"],
    messages: ["jobs", "platform"],
    auth: ["messages", "platform"],
    payments: ["platform"],
    uploads: ["platform"],
    quotes: ["platform"],
    payouts: ["payments", "platform"],
    bookings: ["quotes", "payments", "payouts", "uploads", "auth", "messages", "jobs", "platform"],
    drivers: ["bookings", "payouts", "uploads", "auth", "messages", "platform"],
    claims: ["bookings", "payments", "payouts", "uploads", "messages", "platform"],
    admin: ["bookings", "claims", "payouts", "auth", "drivers", "messages", "platform"],
    support: ["messages", "platform"],
    business: ["auth", "messages", "platform"],
  }).map(([room, below]) => ({
    target: `./app/server/${room}`,
    from: "./app/server",
    except: [room, ...below].map((name) => `./${name}`),
  })),
  // routes: each area folder (and each top-level route file) keeps to itself; what two areas
  // share is a server/ or components/ module.
  ...fs.readdirSync("./app/routes").map((entry) => ({
    target: `./app/routes/${entry}`,
    from: "./app/routes",
    except: [`./${entry}`],
    message: "A route folder imports only its own helpers: move what areas share to app/server/ or app/components/.",
  })),
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      "generated/",
      "node_modules/",
      ".data/",
      ".cache/",
      "public/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver": { typescript: { project: "./tsconfig.json" } },
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
      "no-restricted-syntax": [
        "error",
        {
          // Prisma turns a relation's _count into a GROUP BY over the whole related table, joined
          // to the page's rows: its cost grows with the table, not the page.
          selector: "Property[key.name='_count'] > ObjectExpression > Property[key.name='select']",
          message:
            "A relation's _count reads the whole related table: select the related ids (a few) or count them with groupBy on the page's ids.",
        },
      ],
      "import-x/no-cycle": "error",
      "import-x/no-self-import": "error",
      "import-x/no-duplicates": "error",
      "import-x/no-restricted-paths": ["error", { zones: LAYERS }],
      "import-x/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", ["parent", "sibling", "index"]],
          pathGroups: [{ pattern: "~/**", group: "internal" }],
          alphabetize: { order: "asc", caseInsensitive: true },
        },
      ],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { react: { version: "18.3" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react-hooks/exhaustive-deps": "error",
      // Types are TypeScript's job; React's prop-types check adds nothing to it.
      "react/prop-types": "off",
      // A scrolling region (components/ui/scroll-region.tsx) must take keyboard focus to be
      // scrolled without a mouse (WCAG 2.1.1; axe's scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { roles: ["region"] }],
    },
  },
  {
    files: ["tests/**"],
    rules: {
      // A test reads a response's JSON of any shape; asserting that shape is the test.
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    files: ["tests/e2e/**"],
    rules: {
      // Playwright reads a fixture's dependencies from its destructured first parameter, so a
      // fixture that needs none is written `async ({}, use) => …`.
      "no-empty-pattern": "off",
    },
  },
  {
    files: ["app/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, "react-hooks/exhaustive-deps": "error" },
  },
);
