// /host after load: the visitor's system picks the store (Apple systems the App Store, anything
// else Google Play) and is named; the prerendered page offers both stores until then.
import { detectSystem } from "../features/get-app/detect-system";

const system = detectSystem(navigator.userAgent, navigator.maxTouchPoints);
const chosen = system && document.querySelector<HTMLElement>(`[data-system-choice="${system.store}"]`);
const any = document.querySelector<HTMLElement>('[data-system-choice="any"]');
if (system && chosen && any) {
  for (const name of chosen.querySelectorAll("[data-system-name]")) name.textContent = system.name;
  any.hidden = true;
  chosen.hidden = false;
}
document.documentElement.dataset.enhanced = "";
