// Package regex is the regular-expression engine behind the embedded interpreter's `re`
// module: CPython 3.11's `re` syntax and semantics, in pure Go.
//
// # Which engine, and why
//
// It is a backtracking matcher, like CPython's sre, not an automaton. Go's regexp (RE2)
// guarantees linear time but has no backreferences, look-around, conditionals, atomic
// groups or possessive quantifiers, and differs from Python in details that agents' regexes
// rely on (leftmost-first alternation with Python's capture rules, \w and \s in Unicode,
// $ before a final newline, the empty-match rules of sub/split/findall, error messages).
// Only a backtracking engine gives CPython's answers for all of them.
//
// Backtracking can take exponential time ((a+)+$ on "aaaa…b"), so every call is bounded
// by the caller: Limits.Budget is charged with the work done (every instruction and every
// backtrack step, in chunks of a few thousand units) and its error (step budget, deadline,
// cancellation) aborts the match; the backtrack stack is explicit, capped by
// Limits.MaxStack, and never Go recursion proportional to the input (Go recursion is
// bounded by the pattern's nesting of look-around and atomic groups, itself capped at
// CPython's parser depth). The interpreter passes its run's step budget and deadline.
//
// The program is a small instruction set: single-character items with their repeats fused
// into one instruction (CPython's REPEAT_ONE), literal strings, splits, counted loops with
// CPython's "a zero-width iteration ends the loop" rule, saves with undo entries, look-around
// and atomic sub-runs. Searches skip start positions where no item that can begin a match
// (computed from the program through groups, alternations and optional prefixes) matches,
// and those whose next characters do not match the pattern's lead (its leading characters,
// literals and fixed repeats); given the subject as ASCII text too (Limits.ASCII), they find
// a literal prefix with strings.Index and scan the first set over bytes, charging a step
// per position passed. Greedy single-character repeats skip counts where a following
// literal cannot match, and matching state is pooled per pattern so a call in a loop
// allocates little. A compiled Regexp is immutable and safe for concurrent use.
//
// # Using it
//
//	re, err := regex.Compile(`(?P<user>\w+)@(?P<host>[\w.]+)`, regex.IgnoreCase)
//	s := []rune(text)
//	m, err := re.Search(&regex.Limits{Budget: runBudget}, s, 0, len(s))
//	rows, err := re.FindAll(lim, s, 0, len(s))
//	t, err := re.ParseTemplate(`\g<host>:\1`)
//	out, n, err := re.Sub(lim, s, func(m *regex.Match) (string, error) { return t.Expand(m), nil }, 0)
//
// Positions are in code points, as Python's. Errors from Compile and ParseTemplate are
// *Error values whose Kind names the Python exception (re.error, ValueError, IndexError,
// OverflowError, RecursionError) and whose Error() is CPython's str(exc), position and
// line/column included. Errors from matching are *LimitError wrapping the budget's error or
// ErrStackLimit.
//
// Bytes patterns (CompileBytes) take subjects as one rune per byte (BytesToRunes) and give
// results as Go strings of raw bytes; they use ASCII semantics as in CPython.
//
// # Not supported, or different
//
//   - re.LOCALE (CPython allows it only for bytes patterns): a ValueError. re.DEBUG is
//     accepted and prints nothing. re.TEMPLATE behaves as in CPython 3.11 (repeats are
//     rejected).
//   - Character properties come from Go's Unicode tables (15.0) where CPython 3.11 uses
//     14.0; \w is letters and numbers plus '_' and excludes combining marks, as in CPython.
//   - Captures follow clean backtracking (every capture made on a failed path is undone).
//     CPython leaves stale group marks behind in a few pathological shapes (a conditional
//     or backreference testing a group from inside that same group, captures inside a
//     possessive repeat of a group whose last iteration failed), where its groups can
//     differ; the differential test found no other disagreement in tens of thousands of
//     generated cases.
//   - Matching stops with a *LimitError where CPython would run for minutes; a pattern
//     whose minimum count loops zero-width (e.g. (?:){4294967294}) hits the stack cap.
package regex
