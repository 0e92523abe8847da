package config

// closest returns the candidate nearest to s by edit distance when it is
// near enough to be a plausible typo, else "".
func closest(s string, candidates []string) string {
	best, bestD := "", -1
	for _, c := range candidates {
		d := levenshtein(s, c)
		if bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	// A typo is one edit, or a third of a longer word; beyond that a
	// suggestion is noise ("ws" is not a misspelled "sse").
	if bestD <= 0 || bestD > max(1, len(s)/3) {
		return ""
	}
	return best
}

// levenshtein is the edit distance between a and b over bytes (keys are
// ASCII), counting a swap of two adjacent letters as one edit, since that
// is the commonest typo ("enabeld").
func levenshtein(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
