package bot

import (
	"slices"
	"strings"
)

// unknown is the answer to a word that is neither a command nor an
// order of any ruleset: the nearest command names, if any are near.
func (set commandSet) unknown(word string) error {
	if near := set.near(word); len(near) > 0 {
		for i := range near {
			near[i] = "`" + near[i] + "`"
		}
		return uerr("parse.did-you-mean", "command", word, "list", strings.Join(near, ", "))
	}
	return uerr("parse.unknown-command", "command", word)
}

// near lists up to three command names near word (one edit, two
// for a word of seven letters or more, or the start of a name), nearest
// first.
func (set commandSet) near(word string) []string {
	word = strings.ToLower(word)
	type cand struct {
		name string
		d    int
		// prefix: the word begins the name ("stat" of "status"), which
		// wins a tie with a mere edit ("stay").
		prefix bool
	}
	var cs []cand
	seen := map[string]bool{}
	for _, c := range set {
		best := cand{"", 1 << 30, false}
		for _, n := range append([]string{c.Name}, c.Aliases...) {
			d := editDistance(word, n)
			prefix := len(word) >= 3 && strings.HasPrefix(n, word)
			if prefix {
				d = min(d, 1)
			}
			if d < best.d || d == best.d && prefix && !best.prefix {
				best = cand{c.Name, d, prefix}
			}
		}
		// One edit for a word of up to six letters, two for a longer one.
		if limit := 1 + len([]rune(word))/7; best.d <= limit && !seen[best.name] {
			seen[best.name] = true
			cs = append(cs, best)
		}
	}
	slices.SortStableFunc(cs, func(a, b cand) int {
		if a.d != b.d {
			return a.d - b.d
		}
		if a.prefix != b.prefix {
			if a.prefix {
				return -1
			}
			return 1
		}
		return 0
	})
	var out []string
	for _, c := range cs[:min(len(cs), 3)] {
		out = append(out, c.name)
	}
	return out
}

// editDistance is the optimal string alignment distance between a and b
// (in runes): insertions, deletions, substitutions and swaps of two
// neighbours ("mvoe" is one edit from "move").
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
