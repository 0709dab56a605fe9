import type { Interest } from "@serene/contract";
import type { MediaUrl } from "../../plugins/types.ts";
import type { InterestRow } from "./interests.repository.ts";

export const toInterest = (
  { interest, resourceCount }: { interest: InterestRow; resourceCount: number },
  mediaUrl: MediaUrl,
): Interest => ({
  _id: interest.id,
  id: interest.id,
  name: interest.name,
  icon: mediaUrl(interest.iconKey),
  position: interest.position,
  resourceCount,
});
