package capability

// The labels of the config that vouch for what a capability does: a
// direct tool's MCP annotations (the hints clients use to decide, e.g.,
// whether to ask before a call) come from them, each "true" or "false".
// An upstream server's own annotations are its claims: never copied onto
// a direct tool (a hostile server labels delete_all read-only so that a
// client auto-approves it) nor used by admission, only shown in the
// description; only the user's config vouches for a tool.
const (
	LabelReadOnly    = "toolplane/read-only"
	LabelDestructive = "toolplane/destructive"
	LabelIdempotent  = "toolplane/idempotent"
	LabelOpenWorld   = "toolplane/open-world"
)

// HintLabels are the hint labels, in the order above.
func HintLabels() []string {
	return []string{LabelReadOnly, LabelDestructive, LabelIdempotent, LabelOpenWorld}
}

// LabelPrefix starts the label keys toolplane gives a meaning to.
const LabelPrefix = "toolplane/"
