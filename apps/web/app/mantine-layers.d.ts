/** The `@layer` statement that orders Mantine's component styles (vite/direct-imports.ts); empty in development. */
declare module "virtual:mantine-layers" {
  const statement: string;
  export default statement;
}
