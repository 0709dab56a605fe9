/** `import url from "./x.ts?page-script"`: the URL of x.ts bundled on its own (vite/page-scripts.ts). */
declare module "*?page-script" {
  const url: string;
  export default url;
}
