/** The success envelope of every answer that is not a list: `{ status: true, message, data }`. */
export function ok(message: string): { status: true; message: string };
export function ok<T>(message: string, data: T): { status: true; message: string; data: T };
export function ok<T>(message: string, data?: T) {
  return data === undefined ? { status: true as const, message } : { status: true as const, message, data };
}

/** The answer of every list: `data` is the array, paging and counts go in `meta`. */
export function listReply<T, M extends object>(message: string, data: T[], meta: M) {
  return { status: true as const, message, data, meta };
}
