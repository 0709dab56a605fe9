import { listenQueryClient } from "../shared/listen-query-client";
import { clearDownloads } from "../library/downloads";
import { player } from "../player/player-engine";

/** Leaves the app signed out: nothing of this listener stays on the device. */
export async function leave() {
  await player.close();
  await clearDownloads();
  listenQueryClient.clear();
  window.location.replace("/listen/signin");
}
