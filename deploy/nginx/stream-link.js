// nginx's own check of a stream link (njs; loaded by serene.conf with js_import).
//
// A stream link is /media/audio/<key>.mp3?exp=<unix seconds>&sig=<base64url HMAC-SHA256 of
// "<key>\n<exp>">, made by the app (apps/api/src/modules/media/storage.ts: mediaSignature,
// validSignature) with the key in DATA_DIR/media-signing.key or MEDIA_SIGNING_SECRET. When
// the link is valid, nginx sends the file without asking the app: no round trip on the hot
// path of every play. This check only ever says yes to what the app would accept; anything
// else (no link, a wrong or expired one, an unreadable key file) answers "" and the request
// goes to the app as before, which refuses it with its own JSON or authorises an admin's or an
// uploader's session.

import crypto from "crypto";
import fs from "fs";

// The app's audio keys (storage.ts: KEY_PATTERN, audio part).
const AUDIO = /^\/media\/(audio\/[A-Za-z0-9_-]{22}\.mp3)$/;
const EXP = /^\d{1,12}$/;

function sameText(a, b) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

function readKey(r) {
  try {
    return fs.readFileSync(r.variables.serene_media_key_file, "utf8").trim();
  } catch (e) {
    r.warn(`serene: stream links go to the app: cannot read the media signing key (${e.message})`);
    return "";
  }
}

/** "1" when the request is a valid, unexpired stream link of an audio file; "" otherwise. */
function valid(r) {
  const key = AUDIO.exec(r.uri);
  const exp = r.args.exp;
  const sig = r.args.sig;
  if (!key || typeof exp !== "string" || typeof sig !== "string" || !EXP.test(exp)) return "";
  if (Number(exp) * 1000 <= Date.now()) return "";
  const secret = readKey(r);
  if (!secret) return "";
  const expected = crypto.createHmac("sha256", secret).update(`${key[1]}\n${exp}`).digest("base64url");
  return sameText(expected, sig) ? "1" : "";
}

export default { valid };
