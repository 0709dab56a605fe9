import fs from "node:fs";
import { Readable, type Writable } from "node:stream";
import { promisify } from "node:util";

const read = promisify(fs.read);
const open = promisify(fs.open);
const close = promisify(fs.close);

/** Bytes per disk read when streaming a file: large reads keep per-chunk work off the hot path. */
export const READ_CHUNK_BYTES = 1024 * 1024;
/** Read buffers kept between downloads (two per download at a time). */
const POOL_SIZE = 8;
const pool: Buffer[] = [];
const takeBuffer = () => pool.pop() ?? Buffer.allocUnsafeSlow(READ_CHUNK_BYTES);

/**
 * Bytes `start` to `end` (inclusive) of a file, written to the response it is piped to, in 1 MB
 * reads into two buffers taken from a pool and given back: a buffer is read into again only once
 * the response has written it out (its write's callback). A fresh 1 MB buffer per read, as
 * `fs.createReadStream` makes, is memory outside the JavaScript heap that only a garbage
 * collection frees: in the server's large heap a 38 MB download cost ~15 ms of collections.
 * Made for `reply.send()`, which pipes it to the response (and destroys it when the response
 * closes first); its only reader is that pipe.
 */
export class PooledFileStream extends Readable {
  readonly #path: string;
  readonly #start: number;
  readonly #end: number;
  /** Settles when the stream is destroyed (the response closed first): the pump stops waiting. */
  readonly #stopped: Promise<"stopped">;
  #stop!: () => void;

  constructor(path: string, start: number, end: number) {
    super();
    this.#path = path;
    this.#start = start;
    this.#end = end;
    this.#stopped = new Promise((resolve) => (this.#stop = () => resolve("stopped")));
  }

  override _read() {}

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    this.#pump(destination as unknown as Writable, options?.end !== false).then(
      () => {
        this.push(null);
        this.resume();
      },
      (err: Error) => this.destroy(err),
    );
    return destination;
  }

  override _destroy(err: Error | null, callback: (error?: Error | null) => void) {
    this.#stop();
    callback(err);
  }

  async #pump(out: Writable, end: boolean) {
    const fd = await open(this.#path, "r");
    const buffers = [takeBuffer(), takeBuffer()];
    let written: Promise<unknown> = Promise.resolve();
    let done = false;
    try {
      for (let at = this.#start, turn = 0; at <= this.#end && !this.destroyed; turn ^= 1) {
        const buffer = buffers[turn]!;
        // Read while the other buffer is being written.
        const { bytesRead } = await read(fd, buffer, 0, Math.min(buffer.length, this.#end - at + 1), at);
        if (bytesRead === 0) throw new Error(`${this.#path} ended early`);
        at += bytesRead;
        if ((await Promise.race([written, this.#stopped])) === "stopped") return;
        written = new Promise<void>((resolve, reject) =>
          out.write(buffer.subarray(0, bytesRead), (err) => (err ? reject(err) : resolve())),
        );
        // Awaited on the next turn; a failure meanwhile is not an unhandled rejection.
        written.catch(() => {});
      }
      if ((await Promise.race([written, this.#stopped])) === "stopped") return;
      done = !this.destroyed;
      if (done && end) out.end();
    } finally {
      await close(fd);
      // A download cut short may leave a write in flight: its buffers are not reused.
      if (done) pool.push(...buffers.slice(0, POOL_SIZE - pool.length));
    }
  }
}
