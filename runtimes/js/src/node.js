// The Node-only entry: rules loaded from a file. Everything else is in index.js, which runs in a browser too.

import { readFile } from "node:fs/promises";
import { Rules, RulesError } from "./index.js";

export * from "./index.js";

/** Reads and loads a schema that `rulecheck export jsonschema` wrote; RulesError names the file.
 * `options.custom` implements the custom checks the rules use, as for Rules.fromSchema. */
export async function loadRules(path, options = {}) {
  const bytes = await readFile(path);
  try {
    return Rules.fromSchema(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), options);
  } catch (error) {
    if (error instanceof RulesError) throw new RulesError(`${path}: ${error.message}`);
    throw error;
  }
}
