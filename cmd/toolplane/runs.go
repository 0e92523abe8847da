package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/toolplane/toolplane/audit"
)

func newRunsCmd(a *app) *cobra.Command {
	var (
		limit  int
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "runs",
		Short: "Show the recent runs and their capability calls from the audit log",
		Long: `Read the audit log ([audit] path, and its rotated files as needed) and show
the last runs, of serve mcp and toolplane run alike: when each started, its
outcome, duration, backend and subject, and under it each capability call it
made with its outcome and duration; then the last direct tool calls and
escalation decisions. The log holds metadata only, never arguments, results
or code (a run's snippet is known by its SHA-256). Nothing is started and
nothing connects. [audit] must be on with the "file" sink:

  [audit]
  enabled = true
  path = "~/.toolplane/audit.jsonl"`,
		Example: `  toolplane runs
  toolplane runs --limit 5
  toolplane runs --json`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			if limit <= 0 || limit > 1000 {
				return usageErrorf("--limit %d: want 1 to 1000", limit)
			}
			cfg, err := a.loadConfig()
			if err != nil {
				return err
			}
			path, ok, err := audit.FilePath(cfg.Audit)
			if err != nil {
				return err
			}
			if !ok {
				return fmt.Errorf("%s writes no audit file, so there are no runs to show: set [audit] enabled = true (and keep \"file\" among [audit] sinks); runs are recorded from then on", showWord(configLabel(cfg.Path)))
			}
			recent, err := audit.ReadRecent(path, limit)
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.IO.Out, recent)
			}
			writeRuns(a.IO.Out, path, recent)
			return nil
		},
	}
	cmd.Flags().IntVar(&limit, "limit", 20, "how many runs (and direct calls, escalations) to show, the most recent")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the runs, their calls, direct calls and escalations as one JSON object")
	return cmd
}

// configLabel names a config for messages ("the defaults" when none).
func configLabel(path string) string {
	if path == "" {
		return "the default configuration"
	}
	return path
}

// writeRuns prints what ReadRecent found. Every field comes from a file
// others may have written to, so each line is shown escaped and cut.
func writeRuns(w io.Writer, path string, r *audit.Recent) {
	if len(r.Runs) == 0 && len(r.Direct) == 0 && len(r.Escalations) == 0 {
		fmt.Fprintf(w, "no runs in %s yet\n", showWord(path))
		return
	}
	for _, run := range r.Runs {
		outcome, took := "running", ""
		if run.End != nil {
			outcome = run.End.Outcome
			if run.End.ErrorType != "" {
				outcome += " " + run.End.ErrorType
			}
			took = durationText(run.End.DurationMS)
		}
		fields := []string{run.Start.TS.Local().Format("2006-01-02 15:04:05"), run.ID, outcome}
		if took != "" {
			fields = append(fields, took)
		}
		fields = append(fields, run.Start.Backend, plural(len(run.Calls), "call"))
		if run.Start.Subject != "" {
			fields = append(fields, "subject "+run.Start.Subject)
		}
		if run.Start.LogID != "" {
			fields = append(fields, "log "+run.Start.LogID)
		}
		fmt.Fprintln(w, showLine(strings.Join(fields, "  ")))
		for _, c := range run.Calls {
			fmt.Fprintln(w, showLine("    "+callText(c)))
		}
		if run.End != nil && len(run.End.EscalationsCancelled) > 0 {
			fmt.Fprintln(w, showLine("    escalations cut short by the run's end: "+strings.Join(run.End.EscalationsCancelled, ", ")))
		}
	}
	if len(r.Direct) > 0 {
		fmt.Fprintf(w, "\ndirect tool calls (not from a snippet):\n")
		for _, c := range r.Direct {
			line := "  " + c.TS.Local().Format("2006-01-02 15:04:05") + "  " + callText(c)
			if c.Subject != "" {
				line += "  subject " + c.Subject
			}
			fmt.Fprintln(w, showLine(line))
		}
	}
	if len(r.Escalations) > 0 {
		fmt.Fprintf(w, "\nescalations:\n")
		for _, e := range r.Escalations {
			line := fmt.Sprintf("  %s  %s  %s", e.TS.Local().Format("2006-01-02 15:04:05"), e.Outcome, e.Capability)
			if e.Reason != "" {
				line += "  (" + e.Reason + ")"
			}
			if e.Subject != "" {
				line += "  subject " + e.Subject
			}
			fmt.Fprintln(w, showLine(line))
		}
	}
	if r.Skipped > 0 {
		fmt.Fprintf(w, "\n%s in %s were not audit records and were skipped\n", plural(r.Skipped, "line"), showWord(path))
	}
}

// callText is one dispatch line: time, outcome, duration, capability,
// error type.
func callText(c audit.Record) string {
	parts := []string{c.TS.Local().Format("15:04:05.000"), c.Outcome}
	if d := durationText(c.DurationMS); d != "" {
		parts = append(parts, d)
	}
	parts = append(parts, c.Capability)
	if c.ErrorType != "" {
		parts = append(parts, c.ErrorType)
	}
	return strings.Join(parts, "  ")
}

// durationText renders a duration in milliseconds as people read it.
func durationText(ms *float64) string {
	if ms == nil {
		return ""
	}
	d := time.Duration(*ms * float64(time.Millisecond))
	switch {
	case d < time.Millisecond:
		return "<1ms"
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	}
	return d.Round(10 * time.Millisecond).String()
}

// plural is "1 call", "3 calls".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
