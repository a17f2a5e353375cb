// ECMAScript's verdicts on exported patterns: reads JSON lines of {"pattern", "input"} and prints
// whether new RegExp(pattern, "u") matches the input (true or false), or "error" when the
// pattern does not compile, a line each.
// Usage: node pattern_verdicts.js < cases.jsonl
const lines = require("fs").readFileSync(0, "utf8").split("\n").filter((line) => line.length > 0);
for (const line of lines) {
    const { pattern, input } = JSON.parse(line);
    let verdict;
    try {
        verdict = String(new RegExp(pattern, "u").test(input));
    } catch (error) {
        verdict = "error";
    }
    console.log(verdict);
}
