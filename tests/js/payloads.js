// The payloads the tests read: made by the package itself (`session/payload.py`) from the
// sample games, written by tests/test_page_code.py into the folder MR_PAYLOADS names.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const folder = process.env.MR_PAYLOADS;
if (!folder) {
  throw new Error("MR_PAYLOADS is not set: run these tests through tests/test_page_code.py");
}

/** The payload of sample `name` (e.g. "worked-example-1"). */
export function payload(name) {
  return JSON.parse(readFileSync(join(folder, `${name}.json`), "utf-8"));
}
