import fs from "node:fs";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const webFeatures = fs
  .readdirSync("apps/web/app/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Another module's files, except its public face (`index.ts`), seen from anywhere in the API. */
const moduleFromOutside = {
  regex: "(^|/)modules/[^/]+/(?!index\\.ts$).+$",
  message: "Import a module only through its index.ts.",
};
const moduleInternals = [
  moduleFromOutside,
  // From inside a module: ../<other>/<file>.ts
  {
    regex: "^\\.\\./[^./][^/]*/(?!index\\.ts$)[^/]+$",
    message: "Import another module only through its index.ts.",
  },
];
/** The same seen from a module's own folder (modules/<m>/<part>/): ../<part>/ is the same module, ../../<other>/ is not. */
const modulePartInternals = [
  moduleFromOutside,
  {
    regex: "^\\.\\./\\.\\./[^./][^/]*/(?!index\\.ts$).+$",
    message: "Import another module only through its index.ts.",
  },
];
/** Routes are HTTP only: they call a service, never SQL. */
const routesCallServices = [
  {
    regex: "\\.repository(\\.ts)?$",
    message: "Routes call a service; only services use repositories.",
  },
  {
    regex: "(^|/)db/",
    allowTypeImports: true,
    message: "Routes call a service; only repositories touch the database.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules",
      "**/dist",
      "**/build",
      "**/.react-router",
      "**/data",
      "test-results",
      "playwright-report",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  // Type-checked: a promise is awaited, returned or explicitly voided, never forgotten.
  {
    files: ["apps/**/*.{ts,tsx}", "packages/**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  // Imports: no cycles, and the layers of the API (docs/architecture.md).
  {
    files: ["apps/**/*.{ts,tsx}", "packages/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
      "import-x/ignore": ["node_modules"],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["apps/api/src/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [moduleFromOutside] }] },
  },
  {
    files: ["apps/api/src/modules/*/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: moduleInternals }] },
  },
  {
    files: ["apps/api/src/modules/*/*/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: modulePartInternals }] },
  },
  {
    files: ["apps/api/src/modules/*/*.routes.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [...moduleInternals, ...routesCallServices] }] },
  },
  {
    files: ["apps/api/src/modules/*/*/**/*.routes.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [...modulePartInternals, ...routesCallServices] }],
    },
  },
  {
    // The database layer depends on nothing above it.
    files: ["apps/api/src/db/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex:
                "^\\.\\./(modules|plugins|demo|cli|test-support)/|^\\.\\./(app|server|services|jobs)\\.ts$",
              message: "db/ depends on nothing above it (only config/ and lib/).",
            },
          ],
        },
      ],
    },
  },
  {
    // The floor below: lib/ depends on nothing of the API but lib/ itself.
    files: ["apps/api/src/lib/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./",
              message: "lib/ depends on nothing above it: pass what it needs in, or say its shape.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { ...jsxA11y.flatConfigs.recommended, files: ["apps/web/**/*.tsx"] },
  {
    // Web features never import each other; what they share lives in components/ or lib/.
    files: ["apps/web/app/features/**/*.{ts,tsx}"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: webFeatures.map((feature) => ({
            target: `./apps/web/app/features/${feature}`,
            from: "./apps/web/app/features",
            except: [`./${feature}`],
            message: "Features do not import each other: move the shared piece to components/ or lib/.",
          })),
        },
      ],
    },
  },
);
