import { endpoints } from "@serene/contract";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { route } from "./route.ts";
import type { App } from "./types.ts";

/** A bare Fastify app with the zod compilers, one scope registered under `prefix`. */
async function appWith(prefix: string, register: (scope: App) => void) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: { url: string; config: unknown; description: unknown }[] = [];
  app.addHook("onRoute", (r) => {
    routes.push({ url: r.url, config: r.config, description: r.schema?.description });
  });
  await app.register(async (scope) => register(scope as App), { prefix });
  await app.ready();
  return { app, routes };
}

describe("route(): a route from its declaration", () => {
  it("registers the declared method and path in its scope, with its access and schemas", async () => {
    const { app, routes } = await appWith("/api/v1/user", (scope) =>
      route(scope, endpoints.users.makeHost, async () => {
        throw new Error("not reached: the params are refused first");
      }),
    );
    expect(routes).toEqual([
      {
        url: "/api/v1/user/users/:id/make-host",
        config: { access: "admin" },
        description: "Access: admin.",
      },
    ]);
    // The params schema validates before the handler runs.
    const bad = await app.inject({ method: "POST", url: "/api/v1/user/users/not-a-uuid/make-host" });
    expect(bad.statusCode).toBe(400);
    const wrongMethod = await app.inject({ method: "GET", url: "/api/v1/user/users/x/make-host" });
    expect(wrongMethod.statusCode).toBe(404);
    await app.close();
  });

  it("opens the OpenAPI description with the access, and carries the guard's other settings", async () => {
    const { routes } = await appWith("/api/v1/auth", (scope) =>
      route(scope, endpoints.auth.logout, async () => ({ status: true as const, message: "Bye" })),
    );
    expect(routes[0]!.config).toEqual({ access: "authenticated", duringTwoFactorSetup: true });
    expect(String(routes[0]!.description)).toMatch(/^Access: listener\./);
  });

  it("refuses a declaration whose path is outside the scope it is registered in", async () => {
    await expect(
      appWith("/api/v1/app", (scope) =>
        route(scope, endpoints.users.makeHost, async () => {
          throw new Error("not registered");
        }),
      ),
    ).rejects.toThrow("POST /api/v1/user/users/:id/make-host is declared outside /api/v1/app");
  });
});
