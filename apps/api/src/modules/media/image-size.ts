import fs from "node:fs";

export interface ImageSize {
  width: number;
  height: number;
}

/** JPEG start-of-frame markers (SOF0-SOF15 but DHT C4, JPG C8 and DAC CC): they carry the size. */
const JPEG_FRAME_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);
/** JPEG markers that stand alone, with no length after them (TEM, RST0-7, SOI). */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8);

/**
 * The pixel size an image's header declares, read without decoding it: a PNG's IHDR chunk, a
 * GIF's logical screen, a JPEG's start-of-frame segment (found by skipping the segments before
 * it). Null when the header does not say (a malformed file).
 */
export async function readImageSize(file: string, ext: string): Promise<ImageSize | null> {
  const handle = await fs.promises.open(file, "r");
  try {
    const read = async (position: number, length: number) => {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buf, 0, length, position);
      return buf.subarray(0, bytesRead);
    };
    if (ext === "png") {
      // Signature (8), then the IHDR chunk: length (4), type (4), width (4), height (4).
      const head = await read(0, 24);
      if (head.length < 24 || head.toString("latin1", 12, 16) !== "IHDR") return null;
      return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
    }
    if (ext === "gif") {
      // "GIF89a" (6), then the logical screen: width and height, little-endian.
      const head = await read(0, 10);
      if (head.length < 10) return null;
      return { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
    }
    // JPEG: segments after the SOI marker, each FF <marker> [length (2, itself included) ...].
    const { size } = await handle.stat();
    let position = 2;
    while (position + 4 <= size) {
      const segment = await read(position, 9);
      if (segment[0] !== 0xff) return null;
      const marker = segment[1]!;
      // Fill bytes: FF may repeat before a marker.
      if (marker === 0xff) {
        position += 1;
        continue;
      }
      if (standalone(marker)) {
        position += 2;
        continue;
      }
      // The scan starts (SOS) or the image ends (EOI) before any frame: no size.
      if (marker === 0xda || marker === 0xd9) return null;
      if (JPEG_FRAME_MARKERS.has(marker)) {
        if (segment.length < 9) return null;
        // Length (2), precision (1), height (2), width (2).
        return { width: segment.readUInt16BE(7), height: segment.readUInt16BE(5) };
      }
      position += 2 + segment.readUInt16BE(2);
    }
    return null;
  } finally {
    await handle.close();
  }
}
