package capability

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/toolplane/toolplane/selector"
)

// SearchOptions select and rank capabilities.
type SearchOptions struct {
	// Query is free text. Words are split like names are (snake_case,
	// camelCase, punctuation) and lightly stemmed. An empty query lists
	// every capability that passes the label filter, by id.
	Query string
	// Labels keeps only capabilities that carry every k=v pair given.
	// The projections "source", "namespace" and "name" always exist.
	Labels map[string]string
	// Selector, when not empty, keeps only capabilities whose labels (with
	// the same projections) it matches: "source=mcp,team in (core,web)".
	Selector selector.Selector
	// Limit caps the number of matches returned; 0 means 10.
	Limit int
	// Keep, when set, is the caller's view of the catalog (admission):
	// the search runs as if the capabilities it rejects did not exist,
	// in what it returns, counts and ranks (word statistics, the cut of
	// weak matches, the words a misspelt query word is matched to), so
	// a caller learns nothing of them from a search.
	Keep func(*Capability) bool
}

// Match is one search hit.
type Match struct {
	Capability *Capability
	Aliases    []string
	Score      float64
}

// SearchResult is a ranked page of matches with its coverage.
type SearchResult struct {
	Query   string
	Matches []Match
	// Matched counts all capabilities that matched, before Limit.
	Matched int
	// Searched counts the capabilities that passed the label filter.
	Searched int
	// Registered counts all registered capabilities.
	Registered int
	// Renamed holds the renames of the namespaces of Matches: what a
	// snippet writes instead of a reserved name (see Registry.Renames).
	Renamed []Rename
	// Withdrawn holds the aliases not made for Matches (claimed by several
	// capabilities, or reserved), so an agent knows why a name it expects
	// is missing; only those whose every claimant the caller may see.
	Withdrawn []*AliasError
}

// Coverage says how much of the catalog the result shows, as
// "3 of 57 capabilities" plus how many more matches the limit hid.
func (s SearchResult) Coverage() string {
	text := fmt.Sprintf("%d of %d capabilities", len(s.Matches), s.Registered)
	if s.Searched != s.Registered {
		text += fmt.Sprintf(" (%d pass the label filter)", s.Searched)
	}
	if more := s.Matched - len(s.Matches); more > 0 {
		text += fmt.Sprintf("; %d more match, raise the limit to see them", more)
	}
	return text
}

// Field weights: a query word in the name says more than one in the prose.
const (
	weightName        = 3
	weightNamespace   = 2
	weightParam       = 2
	weightDescription = 1
	bm25K1            = 1.2
	bm25B             = 0.75
	// weightOwnName is how much each word of a capability's name (or
	// namespace) counts, in saturated BM25 hits, when the query holds
	// them all: the agent named the tool ("git log show diff" wants
	// cli:git, not a file tool whose description mentions a git-style
	// diff). At 0.75 that query still ranked the file tool first; at 1.5
	// a name of two common words (search_files) outranked a binary whose
	// description matched every word of "regular expression search in
	// files" (TestSearchRanking, TestSearchRankingDeployment).
	weightOwnName = 1.0
	// minRelativeScore drops matches scoring under this fraction of the
	// best one: words shared by chance ("show") do not fill the list with
	// unrelated tools.
	minRelativeScore = 0.25
)

// searchIndex is a BM25 index over the registered capabilities, rebuilt
// lazily after the registry changes.
type searchIndex struct {
	docs   []indexedDoc
	df     map[string]int
	vocab  []string // the keys of df, sorted, for inexact matching
	avgLen float64
}

type indexedDoc struct {
	cap    *Capability
	tf     map[string]int
	length int
	// own are the words of the capability's name and of its namespace.
	own [][]string
}

func buildIndex(caps []*Capability) *searchIndex {
	idx := &searchIndex{df: map[string]int{}}
	total := 0
	for _, c := range caps {
		d := indexedDoc{cap: c, tf: map[string]int{}}
		for _, n := range []string{c.Name, c.Namespace} {
			if ws := Words(n); len(ws) > 0 {
				d.own = append(d.own, ws)
			}
		}
		add := func(text string, weight int) {
			for _, w := range Words(text) {
				d.tf[w] += weight
				d.length += weight
			}
		}
		add(c.Name, weightName)
		add(c.Namespace, weightNamespace)
		for _, name := range paramNames(c.InputSchema) {
			add(name, weightParam)
			// The whole name too, so a query for channel_id prefers tools
			// taking exactly that over tools merely about channels.
			if w := strings.ToLower(name); strings.ContainsAny(w, "_-") {
				d.tf[w] += weightParam
				d.length += weightParam
			}
		}
		add(c.Description, weightDescription)
		for k, v := range c.Labels {
			add(k+" "+v, weightDescription)
		}
		for w := range d.tf {
			idx.df[w]++
		}
		total += d.length
		idx.docs = append(idx.docs, d)
	}
	if len(idx.docs) > 0 {
		idx.avgLen = float64(total) / float64(len(idx.docs))
	}
	for w := range idx.df {
		idx.vocab = append(idx.vocab, w)
	}
	sort.Strings(idx.vocab)
	return idx
}

// Search ranks the registered capabilities against opts.Query with BM25
// over names, namespaces, parameter names, descriptions and labels.
func (r *Registry) Search(opts SearchOptions) SearchResult {
	r.mu.RLock()
	idx := r.index
	r.mu.RUnlock()
	if idx == nil {
		r.mu.Lock()
		if r.index == nil {
			r.index = buildIndex(r.sortedLocked())
		}
		idx = r.index
		r.mu.Unlock()
	}

	limit := opts.Limit
	if limit <= 0 {
		limit = 10
	}
	v := idx.view(opts.Keep)
	res := SearchResult{Query: opts.Query, Registered: len(v.docs)}
	words := uniqueWords(opts.Query)
	terms := v.expand(words)
	n := float64(len(v.docs))
	var bonuses []float64 // of res.Matches, by index
	top := 0.0            // the best score on the words alone
	for _, d := range v.docs {
		if !matchLabels(d.cap, opts.Labels) || !opts.Selector.Empty() && !opts.Selector.Matches(LabelSet(d.cap)) {
			continue
		}
		res.Searched++
		score := 0.0
		hit := make([]bool, len(words))
		for _, t := range terms {
			tf := float64(d.tf[t.word])
			if tf == 0 {
				continue
			}
			df := float64(v.df(t.word))
			idf := math.Log(1 + (n-df+0.5)/(df+0.5))
			norm := tf * (bm25K1 + 1) / (tf + bm25K1*(1-bm25B+bm25B*float64(d.length)/v.avgLen))
			score += t.weight * idf * norm
			hit[t.of] = true
		}
		// Coordination: a capability matching more of the query's words
		// ranks above one matching a single word many times, so a word
		// shared by chance ("show") weighs little.
		if matched := countTrue(hit); matched > 0 {
			score *= float64(matched) / float64(len(words))
		}
		bonus := v.ownNameScore(d, words)
		if len(words) > 0 && score == 0 && bonus == 0 {
			continue // a query that matches nothing lists nothing
		}
		top = max(top, score)
		res.Matches = append(res.Matches, Match{Capability: d.cap, Score: score})
		bonuses = append(bonuses, bonus)
	}
	if len(words) > 0 {
		// Weak matches are cut relative to the best match on the words
		// alone, so a tool the query names does not push out the others
		// that match as well as it does otherwise; a named one stays.
		kept := res.Matches[:0]
		for i, m := range res.Matches {
			if m.Score >= minRelativeScore*top || bonuses[i] > 0 {
				m.Score += bonuses[i]
				kept = append(kept, m)
			}
		}
		res.Matches = kept
	}
	sort.SliceStable(res.Matches, func(i, j int) bool {
		a, b := res.Matches[i], res.Matches[j]
		if a.Score != b.Score {
			return a.Score > b.Score
		}
		return a.Capability.ID < b.Capability.ID
	})
	res.Matched = len(res.Matches)
	if len(res.Matches) > limit {
		res.Matches = res.Matches[:limit]
	}
	shown := make([]*Capability, len(res.Matches))
	for i := range res.Matches {
		res.Matches[i].Aliases = r.Aliases(res.Matches[i].Capability.ID)
		shown[i] = res.Matches[i].Capability
	}
	res.Renamed = r.renamesOf(shown)
	res.Withdrawn = r.issuesOf(shown, opts.Keep)
	return res
}

// issuesOf returns the withdrawn aliases that concern caps, leaving out
// those a capability keep rejects claims too: for that caller it does
// not exist, not even as the reason an alias is missing.
func (r *Registry) issuesOf(caps []*Capability, keep func(*Capability) bool) []*AliasError {
	r.mu.RLock()
	defer r.mu.RUnlock()
	var out []*AliasError
	for _, is := range r.issues {
		concerns, visible := false, true
		for _, id := range is.IDs {
			c, ok := r.caps[id]
			if !ok || keep != nil && !keep(c) {
				visible = false
				break
			}
			concerns = concerns || slices.ContainsFunc(caps, func(s *Capability) bool { return s.ID == id })
		}
		if concerns && visible {
			out = append(out, is)
		}
	}
	return out
}

// ownNameScore is the bonus of a capability whose whole name (or
// namespace) the query spells out: every word of it among the query's
// words. It is worth weightOwnName saturated hits of each of those words,
// so the more of the query the name covers, the more it counts
// (list_directory over notes' list for "list directory").
func (v *indexView) ownNameScore(d *indexedDoc, words []string) float64 {
	n := float64(len(v.docs))
	score := 0.0
	for _, own := range d.own {
		covered := true
		for _, w := range own {
			covered = covered && slices.Contains(words, w)
		}
		if !covered {
			continue
		}
		for _, w := range own {
			df := float64(max(v.df(w), 1))
			score += weightOwnName * math.Log(1+(n-df+0.5)/(df+0.5)) * (bm25K1 + 1)
		}
	}
	return score
}

// queryTerm is a word to score and how much a hit on it counts.
type queryTerm struct {
	word   string
	weight float64
	of     int // the index of the query word it stands for
}

// Weights of inexact matches: a query word the catalog does not contain
// is matched, at a discount, to catalog words it begins (repo ->
// repository) or is one edit away from (forcast -> forecast).
const (
	weightPrefix = 0.6
	weightTypo   = 0.5
	maxExpansion = 5
)

// indexView is the index as one caller sees it: its documents and their
// word statistics, without the capabilities the caller may not see.
type indexView struct {
	idx    *searchIndex
	docs   []*indexedDoc
	avgLen float64
	// dfs counts, per word, the view's documents holding it; nil means
	// the whole index (idx.df), else filled as words are asked for.
	dfs map[string]int
}

// view is the index restricted to the capabilities keep accepts (all
// when keep is nil).
func (idx *searchIndex) view(keep func(*Capability) bool) *indexView {
	v := &indexView{idx: idx}
	total := 0
	for i := range idx.docs {
		d := &idx.docs[i]
		if keep == nil || keep(d.cap) {
			v.docs = append(v.docs, d)
			total += d.length
		}
	}
	if keep == nil {
		v.avgLen = idx.avgLen
		return v
	}
	v.dfs = map[string]int{}
	if len(v.docs) > 0 {
		v.avgLen = float64(total) / float64(len(v.docs))
	}
	return v
}

// df is the number of the view's documents that hold word.
func (v *indexView) df(word string) int {
	if v.dfs == nil {
		return v.idx.df[word]
	}
	n, ok := v.dfs[word]
	if !ok {
		if v.idx.df[word] > 0 {
			for _, d := range v.docs {
				if d.tf[word] > 0 {
					n++
				}
			}
		}
		v.dfs[word] = n
	}
	return n
}

// expand keeps the query words the view knows and replaces each unknown
// one by up to maxExpansion close words of the view.
func (v *indexView) expand(words []string) []queryTerm {
	var out []queryTerm
	seen := map[string]bool{}
	for i, w := range words {
		if v.df(w) > 0 {
			if !seen[w] {
				seen[w] = true
				out = append(out, queryTerm{w, 1, i})
			}
			continue
		}
		n := 0
		for _, cand := range v.idx.vocab {
			if n == maxExpansion {
				break
			}
			weight := 0.0
			switch {
			case len(w) >= 3 && strings.HasPrefix(cand, w):
				weight = weightPrefix
			case len(w) >= 5 && abs(len(cand)-len(w)) <= 1 && levenshtein(w, cand) == 1:
				weight = weightTypo
			}
			if weight > 0 && !seen[cand] && v.df(cand) > 0 {
				seen[cand] = true
				out = append(out, queryTerm{cand, weight, i})
				n++
			}
		}
	}
	return out
}

func countTrue(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func matchLabels(c *Capability, want map[string]string) bool {
	if len(want) == 0 {
		return true
	}
	have := LabelSet(c)
	for k, v := range want {
		if got, ok := have[k]; !ok || got != v {
			return false
		}
	}
	return true
}

// LabelSet returns c's labels plus the projections every capability has,
// which selectors and admission match against: source (go, mcp, cli),
// namespace (the package or server; also as pkg for Go and server for
// MCP), and name. A configured label of the same key is overridden: the
// projections describe what the capability is and cannot be relabelled.
func LabelSet(c *Capability) map[string]string {
	out := make(map[string]string, len(c.Labels)+4)
	for k, v := range c.Labels {
		out[k] = v
	}
	out["source"] = string(c.Source)
	out["name"] = c.Name
	if c.Namespace != "" {
		out["namespace"] = c.Namespace
		switch c.Source {
		case SourceGo:
			out["pkg"] = c.Namespace
		case SourceMCP:
			out["server"] = c.Namespace
		}
	}
	return out
}

// Words splits text into lower-case, lightly stemmed search terms:
// "listOpenIssues", "list_open_issues" and "List open issues." all give
// list, open, issue.
func Words(text string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, stem(strings.ToLower(string(cur))))
			cur = cur[:0]
		}
	}
	rs := []rune(text)
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		if len(cur) > 0 && unicode.IsUpper(r) {
			prev := cur[len(cur)-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			// camelCase boundary, or the end of an acronym: HTTPServer.
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || unicode.IsUpper(prev) && nextLower {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return words
}

func uniqueWords(text string) []string {
	seen := map[string]bool{}
	var out []string
	for _, w := range Words(text) {
		if !seen[w] && !isStopWord(w) {
			seen[w] = true
			out = append(out, w)
		}
	}
	for _, f := range strings.Fields(text) {
		if w := strings.ToLower(strings.Trim(f, ".,;:!?\"'`()")); strings.ContainsAny(w, "_-") && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

func isStopWord(w string) bool {
	switch w {
	case "a", "an", "the", "of", "to", "for", "in", "on", "and", "or", "with", "by", "from", "my", "me", "all", "i":
		return true
	}
	return false
}

// stem strips the plural and verb endings that make the same word miss
// itself: issues/issue, messages/message, queries/query.
func stem(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case len(w) > 4 && strings.HasSuffix(w, "sses"):
		return w[:len(w)-2]
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us"):
		return w[:len(w)-1]
	}
	return w
}
