import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { App } from "./types.ts";

/**
 * A multipart upload is read as a stream, so its route declares no body to validate; the
 * document still shows its form: one file in the field `file`.
 */
const multipartFileBody = {
  type: "object",
  required: ["file"],
  properties: { file: { type: "string", format: "binary", description: "The file to upload" } },
};

const transform: typeof jsonSchemaTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  const multipart = (input.schema?.consumes as string[] | undefined)?.includes("multipart/form-data");
  return { schema: multipart && !schema.body ? { ...schema, body: multipartFileBody } : schema, url };
};

/** OpenAPI 3.1 generated from the route schemas, at /api/openapi.json, browsable at /api/docs. */
async function openApi(app: App) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Serene API",
        version: "1.0.0",
        description:
          "API of the Serene website, back office and app. Answers `{ status, message, data }`; errors `{ status: false, message, code }`.",
      },
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer" },
          cookie: { type: "apiKey", in: "cookie", name: "md_session" },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform,
  });
  await app.register(async (docs) => {
    // The documentation pages are public, like the document they show.
    docs.addHook("onRoute", (route) => {
      route.config = { ...route.config, access: "public" };
    });
    await docs.register(swaggerUi, { routePrefix: "/api/docs", uiConfig: { docExpansion: "list" } });
  });
  app.get("/api/openapi.json", { config: { access: "public" }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}

export const openApiPlugin = fp(openApi, {
  name: "serene-open-api",
  fastify: "5.x",
  // Its documentation pages live in a context of their own, which takes both as it is created.
  dependencies: ["serene-error-handler", "serene-auth-guard"],
});
