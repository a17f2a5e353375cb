// A value as readJSON gives it, apart from json.js so that validation knows one (rules.js) without
// the JSON reader, which the browser build leaves out of dist/rulecheck.js.

/** A value as read from JSON, with its kind: a JSON string is not a form's text. */
export class Tagged {
  constructor(t, v) {
    this.t = t;
    this.v = v;
  }
}
