import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { pageScripts } from "./vite/page-scripts.ts";

// In development the API runs separately (`npm start` at the root, port 3000).
const proxy = { "/api": "http://localhost:3000" };

export default defineConfig({
  plugins: [reactRouter(), pageScripts()],
  server: { proxy },
  preview: { proxy },
});
