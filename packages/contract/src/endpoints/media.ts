import { endpoint } from "../endpoint.ts";

const tags = ["media"];

export const mediaEndpoints = {
  upload: endpoint({
    method: "POST",
    path: "/api/v1/user/upload",
    access: "staff",
    tags,
    summary:
      "Upload one file (multipart field `file`): PNG, GIF or JPEG image, or MP3 audio, checked by content. Answers its URL (`secure_url`) and, for audio, its duration measured from its frames (`duration`, `durationSeconds`) and its loudness.",
    description:
      "The body holds exactly one part, the file in the field `file`: another field, a second file or a malformed body is a 400 (the text fields `upload_preset`, `cloud_name` and `folder`, which Cloudinary clients send, are ignored). The file must be of the kind asked for in `kind`; without `kind`, of the kind the part declares (its Content-Type `image/*` or `audio/*`, else its name's extension), else an image. A file of another kind is a 415.",
    query: "uploadQuerySchema",
    response: { 200: "uploadResponseSchema" },
    consumes: ["multipart/form-data"],
  }),
};
