// A Luhn check digit implementation of the custom check `luhn` (Examples/CustomChecks), for the tests
// and for `conformance.mjs --custom`.

/** Whether `value`, ASCII digits, ends in a valid Luhn check digit. */
export function luhn(value) {
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

export const custom = { luhn };
