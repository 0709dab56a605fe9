import { interestsEndpoints } from "@serene/contract";
import { route } from "../../plugins/route.ts";
import type { App } from "../../plugins/types.ts";
import { toInterest } from "./interests.presenter.ts";
import type { InterestsService } from "./interests.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

export async function interestRoutes(app: App, { interests }: { interests: InterestsService }) {
  route(app, interestsEndpoints.list, async (request) => {
    const list = (await interests.list()).map((i) => toInterest(i, request.mediaUrl));
    return listReply("Interests", list, { total: list.length });
  });

  route(app, interestsEndpoints.create, async (request) =>
    ok(
      "Interest created",
      toInterest(await interests.create(request.auth, request.body, request.origin), request.mediaUrl),
    ),
  );

  route(app, interestsEndpoints.update, async (request) =>
    ok(
      "Interest updated",
      toInterest(
        await interests.update(request.auth, request.params.id, request.body, request.origin),
        request.mediaUrl,
      ),
    ),
  );

  route(app, interestsEndpoints.remove, async (request) => {
    const result = await interests.remove(request.auth, request.body.id);
    return ok("User interests deleted", {
      id: request.body.id,
      uncategorisedResources: result.uncategorised,
    });
  });
}
