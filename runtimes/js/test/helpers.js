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

// ---- Speed, as a ratio against a baseline measured in the same run (never an absolute time)

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The median time of `run` on `body` over the median time of `run` on `baseline`, interleaved. NB:
 * the process's CPU time (process.cpuUsage, in microseconds), as Python's tests take the thread's: the
 * other processes on shared cores do not count. */
export function ratio(run, body, baseline, rounds = 5) {
  run(baseline);
  run(body);
  const times = [[], []];
  for (let round = 0; round < rounds; round++) {
    for (const [index, input] of [baseline, body].entries()) {
      const start = process.cpuUsage();
      run(input);
      const spent = process.cpuUsage(start);
      times[index].push(spent.user + spent.system);
    }
  }
  return median(times[1]) / Math.max(median(times[0]), 1);
}

/** The platform's reading of `size` ASCII characters (`JSON.parse` of a string of them): the baseline
 * of a test that holds a runtime's work on a large input within a factor of reading it once. */
export function readingOf(size) {
  const text = JSON.stringify("a".repeat(size));
  return () => JSON.parse(text);
}

/** The median time of `body()` over the median time of `baseline()`, interleaved. */
export function ratioOf(body, baseline, rounds = 3) {
  return ratio((run) => run(), body, baseline, rounds);
}
