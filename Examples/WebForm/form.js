// The seed's sign-up and task forms, validated in the browser by rulecheck's JavaScript runtime
// with the rules exported from rules/: as the user types, each field that was typed into shows
// its messages; on submit, every field shows every message at once. Messages are in the page's
// language (<html lang>), switched with the two buttons. The runtime is the browser build,
// runtimes/js/dist/: rulecheck.js, and the two parts the seed's rules need (a pattern with \p{L},
// normalize: [nfkc]), each a file imported once.

const RUNTIME = "../../runtimes/js/dist/rulecheck.js";
const PARTS = ["../../runtimes/js/dist/rulecheck-categories.js", "../../runtimes/js/dist/rulecheck-normalization.js"];
const SCHEMA = "../../runtimes/fixtures/seed.schema.json";

// The page's own texts; the validation messages come from the rules.
const TEXTS = {
  en: {
    title: "rulecheck in the browser", loading: "Loading the rules…", ready: "The rules are loaded.",
    failed: "The rules could not be loaded: ", signUp: "Sign up", email: "Email address",
    password: "Password", passwordConfirmation: "Password, again",
    displayName: "Display name (optional)", birthYear: "Year of birth (optional)",
    plan: "Plan: free, pro or team", submitSignUp: "Sign up", task: "New task", taskTitle: "Title",
    note: "Note", dueDate: "Due date (optional)", submitTask: "Add the task",
    problems: (n) => (n === 1 ? "1 problem to fix." : `${n} problems to fix.`), valid: "Valid: ",
  },
  ja: {
    title: "ブラウザーで rulecheck", loading: "ルールを読み込んでいます…", ready: "ルールを読み込みました。",
    failed: "ルールを読み込めませんでした: ", signUp: "アカウント登録", email: "メールアドレス",
    password: "パスワード", passwordConfirmation: "パスワード(確認)",
    displayName: "表示名(任意)", birthYear: "生まれた年(任意)",
    plan: "プラン: free、pro、team", submitSignUp: "登録する", task: "新しいタスク", taskTitle: "タイトル",
    note: "メモ", dueDate: "期日(任意)", submitTask: "タスクを追加",
    problems: (n) => `${n}件のエラーがあります。`, valid: "有効: ",
  },
};

/** The language of the page: <html lang>, cut to one the page has texts for. */
function language() {
  const tag = (document.documentElement.lang || "en").toLowerCase();
  return TEXTS[tag] ? tag : TEXTS[tag.split("-")[0]] ? tag.split("-")[0] : "en";
}

/** Today as the user's calendar shows it, YYYY-MM-DD; `?today=` in the address overrides it. */
function today() {
  const given = new URLSearchParams(location.search).get("today");
  if (given) return given;
  const now = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${String(now.getFullYear()).padStart(4, "0")}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function showTexts() {
  const texts = TEXTS[language()];
  for (const element of document.querySelectorAll("[data-text]")) {
    const text = texts[element.dataset.text];
    if (typeof text === "string") element.textContent = text;
  }
  document.title = texts.title;
  for (const button of document.querySelectorAll("[data-language]")) {
    button.setAttribute("aria-pressed", String(button.dataset.language === language()));
  }
}

class ValidatedForm {
  constructor(form, rules) {
    this.form = form;
    this.rules = rules;
    this.model = form.dataset.model;
    this.touched = new Set();
    this.submitted = false;
    this.result = null;
    form.addEventListener("input", (event) => {
      if (event.target.name) this.touched.add(event.target.name);
      this.validate();
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submitted = true;
      this.validate();
    });
  }

  /** The fields as a form gives them: the text of each control, "" when it is empty. */
  input() {
    const fields = {};
    for (const control of this.form.elements) {
      if (control.name) fields[control.name] = control.value;
    }
    return fields;
  }

  validate() {
    this.result = this.rules.validate(this.model, this.input(), { today: today(), language: language() });
    this.render();
  }

  render() {
    const result = this.result;
    if (!result) return;
    const byField = new Map();
    for (const violation of result.valid ? [] : result.violations) {
      const field = violation.path.length ? violation.path[0] : "";
      if (!byField.has(field)) byField.set(field, []);
      byField.get(field).push(violation);
    }
    let shown = 0;
    for (const list of this.form.querySelectorAll(".errors")) {
      const field = list.dataset.field;
      const visible = this.submitted || this.touched.has(field);
      const violations = visible ? byField.get(field) || [] : [];
      list.replaceChildren(
        ...violations.map((violation) => {
          const item = document.createElement("li");
          item.textContent = violation.message;
          item.dataset.code = violation.code;
          return item;
        }),
      );
      shown += violations.length;
      const control = this.form.elements.namedItem(field);
      if (control) control.setAttribute("aria-invalid", String(violations.length > 0));
    }
    const summary = this.form.querySelector(".summary");
    const output = this.form.querySelector("output");
    const texts = TEXTS[language()];
    if (this.submitted && !result.valid) {
      summary.textContent = texts.problems(result.violations.length);
      summary.hidden = false;
    } else {
      summary.textContent = "";
      summary.hidden = true;
    }
    output.textContent = this.submitted && result.valid ? texts.valid + JSON.stringify(result.value) : "";
    this.form.dataset.errors = String(shown);
  }
}

async function start() {
  const status = document.getElementById("status");
  const forms = [];
  for (const button of document.querySelectorAll("[data-language]")) {
    button.addEventListener("click", () => {
      document.documentElement.lang = button.dataset.language;
      showTexts();
      for (const form of forms) form.validate();
      if (document.body.dataset.ready === "true") status.textContent = TEXTS[language()].ready;
    });
  }
  showTexts();
  try {
    const { Rules } = await import(RUNTIME);
    await Promise.all(PARTS.map((part) => import(part)));
    const response = await fetch(SCHEMA);
    if (!response.ok) throw new Error(`${SCHEMA}: HTTP ${response.status}`);
    // NB: the schema as an object, so that the page needs no JSON reader (dist/rulecheck-server.js).
    const rules = Rules.fromSchema(await response.json());
    for (const form of document.querySelectorAll("form[data-model]")) {
      forms.push(new ValidatedForm(form, rules));
    }
    status.textContent = TEXTS[language()].ready;
    document.body.dataset.ready = "true";
  } catch (error) {
    status.textContent = TEXTS[language()].failed + error.message;
    status.dataset.state = "error";
    document.body.dataset.ready = "error";
    throw error;
  }
}

start();
