// The generated models of the seeds' sign-up and task rules (`rules/` is the repository's own, by
// symbolic links), which `RuleGenPlugin` writes on every build: the typed route
// `POST /typed/signup` validates with `SignUp` alone, so that a server built this way needs neither
// libyaml nor the rule files at run time (docs/server.md).
