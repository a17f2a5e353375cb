// The app's implementations of the custom checks of Examples/CustomChecks/rules, which the generated
// rulecheck.schema.ts imports: without `luhn` here, `tsc --noEmit -p runtimes/js` fails.
import type { CustomChecks } from "./rulecheck.schema.js";

/** Whether `value`, ASCII digits, ends in a valid Luhn check digit. */
function luhn(value: string): boolean {
  if (!/^[0-9]+$/.test(value)) return false;
  let sum = 0;
  for (let offset = 0; offset < value.length; offset++) {
    let digit = value.charCodeAt(value.length - 1 - offset) - 0x30;
    if (offset % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const custom: CustomChecks = { luhn };
