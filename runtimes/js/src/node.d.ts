// Type declarations of the Node-only entry (src/node.js).
export * from "./index.js";
import { Rules, LoadOptions } from "./index.js";

/** Reads and loads a schema file that `rulecheck export jsonschema` wrote; RulesError names the file. */
export declare function loadRules(path: string, options?: LoadOptions): Promise<Rules>;
