/**
 * A stylesheet inlined into the page instead of linked. React hoists it into <head> and renders
 * each `name` once, however many components ask, in the prerendered HTML as on the client. Inline
 * CSS needs no request before the first paint, which matters most on slow phone networks.
 * Import the file with `?inline`: `import css from "./x.css?inline"`.
 */
export function InlineCss({ name, css }: { name: string; css: string }) {
  return (
    <style href={`serene-${name}`} precedence="serene">
      {css}
    </style>
  );
}
