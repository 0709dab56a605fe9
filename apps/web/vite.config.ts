import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// In development the API runs separately (`npm start` at the root, port 3000).
const proxy = { "/api": "http://localhost:3000" };

export default defineConfig({
  plugins: [reactRouter()],
  server: { proxy },
  preview: { proxy },
});
