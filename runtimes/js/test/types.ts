// Compiled by `tsc --noEmit -p runtimes/js` only: the declarations used as a TypeScript app uses them.
import { Rules, RulesError, JSONReadError, problemDetails, problemJSON, type Result, type StandardSchemaV1, type Validator, type Violation } from "../src/index.js";
import { loadRules } from "../src/node.js";

interface ToDoTask {
  title: string;
  note: string;
  dueDate?: string;
}

declare const schemaText: string;
const rules: Rules = Rules.fromSchema(schemaText);
const names: string[] = rules.names;
const languages: string[] = rules.languages;

const result: Result<ToDoTask> = rules.validate<ToDoTask>("ToDoTask", { title: " a ", note: "", tags: ["x", null] }, { today: "2026-11-22", language: "ja" });
if (result.valid) {
  const title: string = result.value.title;
  console.log(title.trim());
} else {
  const first: Violation = result.violations[0];
  const pointer: string = first.pointer;
  const bound: number | string | undefined = first.max ?? first.min;
  console.log(pointer, bound, first.boundKind === "count");
}

try {
  rules.validateJSON("ToDoTask", new Uint8Array([0x7b, 0x7d]), { timeZone: "Asia/Tokyo" });
} catch (error) {
  if (error instanceof JSONReadError) console.log(error.line, error.column, error.message);
  if (error instanceof RulesError) console.log(error.message);
}

const verdict = rules.verdict("ToDoTask", "{}", { acceptLanguage: "ja, en;q=0.5", today: "2026-11-22" });
if (!verdict.valid) {
  const status: number = verdict.problem.status;
  const text: string = problemJSON(verdict.problem);
  console.log(status, text, problemDetails(result, { rules, acceptLanguage: "ja" }).detail);
}

// A validator bound to one rule and its options: a function of the input alone.
const validateTask: Validator<ToDoTask> = rules.validator<ToDoTask>("ToDoTask", { today: "2026-11-22", language: "ja" });
const bound: Result<ToDoTask> = validateTask({ title: " a ", note: "" });
if (bound.valid) console.log(bound.value.title);
const validateTitle: (input: string) => Result = rules.validator("TaskTitle");
console.log(validateTitle(" a "));

// Any Standard Schema consumer accepts it.
function consume<Output>(schema: StandardSchemaV1<unknown, Output>): void {
  const outcome = schema["~standard"].validate("x");
  if (!(outcome instanceof Promise) && outcome.issues) {
    console.log(outcome.issues[0].message, outcome.issues[0].path);
    // A list item's index is a number, a field's name text: a form keys its fields by them.
    const key: string | number | undefined = outcome.issues[0].path?.[1];
    const code: string | undefined = outcome.issues[0].code;
    console.log(key, code);
  }
}
consume(rules.standard<ToDoTask>("ToDoTask"));
type Output = StandardSchemaV1.InferOutput<StandardSchemaV1<unknown, ToDoTask>>;
const output: Output | undefined = undefined;
console.log(names, languages, output);

loadRules("rules.schema.json").then((loaded: Rules) => loaded.names);
