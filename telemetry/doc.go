// Package telemetry is how a running toolplane is observed: its log
// (log/slog, honouring [log] level and format), its Prometheus metrics and
// its OpenTelemetry traces.
//
// What it records is metadata, as the audit log is: ids, names from the
// configuration or the capability registry, durations, counts, outcomes
// and error types. Never arguments, results, code, error messages (they
// echo arguments) or secrets. What a client chose (a log id, a method
// name, a trace parent) is validated or cleaned (Clean) before it reaches
// a line, and never becomes a metric label: label values come from the
// configuration (subjects, server names), the registry (capability ids,
// capped in number) or fixed sets (outcomes), so no client can grow the
// metric series without bound.
//
// Nothing here is global: the serve command builds a logger, a Metrics
// and a Tracing and hands them to the parts it wires; commands that do
// not serve build none of them.
package telemetry
