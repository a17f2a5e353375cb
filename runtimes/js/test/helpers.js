// Paths inside the repository, found from this file: tests never read outside it.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Rules } from "../src/index.js";

export const repository = fileURLToPath(new URL("../../../", import.meta.url));
export const fixtures = repository + "runtimes/fixtures/";

export function readLines(path) {
  return readFileSync(path, "utf8").split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line));
}

let seed;
let features;
export function seedRules() {
  return (seed ??= Rules.fromSchema(readFileSync(fixtures + "seed.schema.json")));
}
export function featureRules() {
  return (features ??= Rules.fromSchema(readFileSync(fixtures + "features.schema.json")));
}
