// The value objects of `rules/task.yaml`, which `RuleGenPlugin` generates on every build.
//
// NB: no type here may be named `TaskRules`, which would hide the module in `TaskRules.TaskTitle`,
// as `openapi-generator-config.yaml` names the value objects.
