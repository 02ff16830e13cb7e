package mech_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grognard/grognard/game/mech"
)

func TestAssign(t *testing.T) {
	for _, c := range []struct {
		name  string
		can   [][]int
		unmet int
	}{
		{"none", nil, -1},
		{"one each", [][]int{{1}, {2}}, -1},
		{"needs a swap", [][]int{{1, 2}, {1}}, -1},
		{"needs two swaps", [][]int{{1, 2}, {2, 3}, {1}}, -1},
		{"two want one", [][]int{{4}, {4}}, 1},
		{"no supplier", [][]int{{1}, {}, {2}}, 1},
		{"three want two", [][]int{{1, 2}, {1, 2}, {2, 1}, {3}}, 2},
	} {
		unmet, by := mech.Assign(c.can)
		if unmet != c.unmet {
			t.Errorf("%s: unmet = %d, want %d", c.name, unmet, c.unmet)
		}
		checkAssignment(t, c.name, c.can, unmet, by)
	}
}

// checkAssignment: every demand before unmet has a supplier it accepts,
// none twice, and the others none.
func checkAssignment(t *testing.T, name string, can [][]int, unmet int, by []int) {
	t.Helper()
	used := map[int]bool{}
	for i, s := range by {
		met := unmet < 0 || i < unmet
		if !met {
			if s != -1 {
				t.Errorf("%s: demand %d after the unmet one has supplier %d", name, i, s)
			}
			continue
		}
		if !slices.Contains(can[i], s) || used[s] {
			t.Errorf("%s: demand %d gets supplier %d (accepts %v, used %v)", name, i, s, can[i], used[s])
		}
		used[s] = true
	}
}

// TestAssignIsMaximum: on random problems, the first unmet demand is the
// first prefix that no assignment at all can serve (checked by brute
// force), whatever order each demand lists its suppliers in.
func TestAssignIsMaximum(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 5))
	for trial := 0; trial < 300; trial++ {
		n, m := 1+rnd.IntN(5), 1+rnd.IntN(5)
		can := make([][]int, n)
		for i := range can {
			for s := 0; s < m; s++ {
				if rnd.IntN(3) == 0 {
					can[i] = append(can[i], s)
				}
			}
		}
		want := -1
		for k := 1; k <= n && want < 0; k++ {
			if !perfect(can[:k], map[int]bool{}) {
				want = k - 1
			}
		}
		unmet, by := mech.Assign(can)
		if unmet != want {
			t.Fatalf("Assign(%v) unmet = %d, want %d", can, unmet, want)
		}
		checkAssignment(t, "random", can, unmet, by)
		rev := make([][]int, n)
		for i := range can {
			rev[i] = slices.Clone(can[i])
			slices.Reverse(rev[i])
		}
		if u, _ := mech.Assign(rev); u != want {
			t.Fatalf("Assign(%v) unmet = %d, want %d", rev, u, want)
		}
	}
}

// perfect reports by brute force whether every demand can have its own
// supplier.
func perfect(can [][]int, used map[int]bool) bool {
	if len(can) == 0 {
		return true
	}
	for _, s := range can[0] {
		if !used[s] {
			used[s] = true
			ok := perfect(can[1:], used)
			used[s] = false
			if ok {
				return true
			}
		}
	}
	return false
}
