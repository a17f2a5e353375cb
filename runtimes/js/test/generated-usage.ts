// Compiled by `tsc --noEmit -p runtimes/js`, and run by generated.test.js: the modules that
// `rulecheck generate typescript` wrote for rules/ and the feature rules (test/generated/, kept by
// the Swift test TypeScriptGeneratorTests), used as a front-end uses them.
import {
  type Plan, type SignUp, type SignUpInput, SignUpSchema, SignUpSchemaFor, validatePlan, validateSignUp,
} from "./generated/seed/signup.rules.js";
import {
  type TaskTitleCode, type ToDoTask, type ToDoTaskCode, type ToDoTaskInput, ToDoTaskSchema, validateTaskDueDate, validateToDoTask,
} from "./generated/seed/task.rules.js";
import { type Order, type Quantity, type Shipment, validateShipment } from "./generated/features/features.rules.js";
import type { Result, StandardSchemaV1 } from "../src/index.js";

const plan: Plan = "pro";
// @ts-expect-error "gold" is not one of Plan's values
const gold: Plan = "gold";
const quantity: Quantity = 50;
// @ts-expect-error 3 is not one of Quantity's values
const three: Quantity = 3;

// Each type's and model's codes, a literal union; a model's holds its fields'.
const tooLong: TaskTitleCode = "titleTooLong";
const modelCode: ToDoTaskCode = "titleTooLong";
// @ts-expect-error tooLong is renamed titleTooLong in TaskTitle
const builtin: TaskTitleCode = "tooLong";

// A form library infers the fields from the Standard Schema's input type.
type Fields = StandardSchemaV1.InferInput<typeof ToDoTaskSchema>;
const fields: Fields = { title: "Buy milk", note: "" };
const input: ToDoTaskInput = { title: "Buy milk", note: "", dueDate: "2026-12-01" };
// @ts-expect-error ToDoTask has no field owner
const owner: Fields = { title: "", note: "", owner: "me" };
// @ts-expect-error a ToDoTask's note is required
const noNote: ToDoTaskInput = { title: "" };
export const codes = { tooLong, modelCode, builtin, fields, input, owner, noNote };

export function task(title: string): Result<ToDoTask> {
  return validateToDoTask({ title, note: "" }, { today: "2026-11-22", language: "ja" });
}

export function dueDate(text: string): string | null | undefined {
  const result = validateTaskDueDate(text, { today: "2026-11-22" });
  // NB: an optional type's value is null when left empty.
  return result.valid ? result.value : undefined;
}

export function signUp(input: { [field: string]: string }): SignUp | string[] {
  const result = validateSignUp(input, { today: "2026-11-22" });
  if (!result.valid) return result.violations.map((violation) => violation.code);
  const email: string = result.value.email;
  const year: number | undefined = result.value.birthYear;
  // @ts-expect-error SignUp has no field nickname
  result.value.nickname;
  console.assert(email.length > 0 && (year === undefined || year > 0));
  return result.value;
}

export function standardPlan(text: string): unknown {
  return SignUpSchema["~standard"].validate({ plan: text });
}

// A form's schema in the user's language: the same object for the same options, typed as the constant.
export function standardPlanIn(language: string, text: string): unknown {
  const schema: StandardSchemaV1<SignUpInput, SignUp> = SignUpSchemaFor({ language });
  return schema["~standard"].validate({ plan: text });
}

export function sameSchemaFor(language: string): boolean {
  return SignUpSchemaFor({ language }) === SignUpSchemaFor({ language });
}

export function unknownOption(): unknown {
  // @ts-expect-error the options are validate's: language, today, timeZone
  return SignUpSchemaFor({ locale: "ja" });
}

export function boxes(sizes: string[]): readonly Quantity[] | undefined {
  const result = validateShipment({
    tracking_id: "123e4567-e89b-12d3-a456-426614174000", "postal-code": "abc-1234", unit_price: "9.99", box_sizes: sizes,
  });
  if (!result.valid) return undefined;
  const shipment: Shipment = result.value;
  return shipment.box_sizes;
}

export function zip(order: Order): string {
  return order.shipping.zip;
}

export { plan, gold, quantity, three, validatePlan };
