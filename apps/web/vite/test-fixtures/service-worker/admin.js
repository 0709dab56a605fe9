// A page of another app, which the listener's worker does not keep.
console.log("back office", globalThis.location?.href);
