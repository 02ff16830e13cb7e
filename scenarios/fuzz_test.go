package scenarios

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// parseSeeds are inputs for fuzzing Parse: the shipped scenarios, the test
// positions, the broken lint cases, and board A written inline as [map]
// (so that fuzzing reaches the map reader and the text check).
func parseSeeds(tb testing.TB) [][]byte {
	tb.Helper()
	var seeds [][]byte
	for _, p := range shippedScenarios() {
		b, _ := shipped.ReadFile(p)
		seeds = append(seeds, b)
	}
	seeds = append(seeds, []byte(hexPosition), []byte(squarePosition))
	_ = filepath.WalkDir("testdata/lint", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".toml") {
			b, _ := os.ReadFile(p)
			seeds = append(seeds, b)
		}
		return nil
	})
	board, _ := shipped.ReadFile("data/gs/maps/board-a.toml")
	inline := string(board)
	for _, sec := range []string{"terrain", "levels", "edges", "links", "zones", "text"} {
		inline = strings.Replace(inline, "\n["+sec+"]\n", "\n[map."+sec+"]\n", 1)
	}
	seeds = append(seeds, []byte("id = \"inline\"\nruleset = \"gs\"\nturns = 2\n[map]\n"+inline))
	return seeds
}

// FuzzParse: Parse never panics, and either fails with problems or
// returns a complete scenario. Run it with a short minimisation time, as
// the seeds are large:
//
//	go test ./scenarios -run XXX -fuzz FuzzParse -fuzztime 2m -fuzzminimizetime 2s
func FuzzParse(f *testing.F) {
	for _, s := range parseSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src []byte) { checkParse(t, src) })
}

func checkParse(t *testing.T, src []byte) {
	t.Helper()
	sc, err := Parse("fuzz.toml", src)
	if err != nil {
		e, ok := err.(*Error)
		if sc != nil || !ok || len(e.Problems) == 0 {
			t.Fatalf("Parse failed with %T %v and scenario %v", err, err, sc)
		}
		for _, p := range e.Problems {
			if p.File == "" || p.Msg == "" || p.Line < 0 {
				t.Fatalf("bad problem %+v", p)
			}
		}
		return
	}
	if sc == nil || sc.Map == nil || sc.Map.Grid == nil || len(sc.Hash) != 64 {
		t.Fatalf("Parse succeeded with an incomplete scenario %+v", sc)
	}
	for _, u := range sc.Units {
		if u.At != nil && !sc.Map.Grid.Contains(*u.At) {
			t.Fatalf("unit %s off the map", u.ID)
		}
	}
}

// TestParseMutations is a short, deterministic fuzz run for every `go
// test`: random byte edits of the seeds must never panic Parse.
func TestParseMutations(t *testing.T) {
	seeds := parseSeeds(t)
	rng := rand.New(rand.NewPCG(1, 2))
	n := 600
	if testing.Short() {
		n = 100
	}
	const alphabet = " \n\"'[]{}=,.:|#+-&0123456789ABFIVabcdefghijklmnopqrstuvwxyz"
	for i := 0; i < n; i++ {
		src := []byte(string(seeds[rng.IntN(len(seeds))]))
		for k := 1 + rng.IntN(4); k > 0 && len(src) > 0; k-- {
			p := rng.IntN(len(src))
			switch rng.IntN(3) {
			case 0:
				src[p] = alphabet[rng.IntN(len(alphabet))]
			case 1:
				src = append(src[:p], src[p+1:]...)
			case 2:
				q := min(len(src), p+rng.IntN(40))
				src = append(src[:p:p], append(append([]byte{}, src[q:]...), src[p:q]...)...)
			}
		}
		checkParse(t, src)
	}
}

func BenchmarkParseGS3(b *testing.B) {
	src, _ := shipped.ReadFile("data/gs/gs-3.toml")
	for b.Loop() {
		if _, err := Parse("gs-3.toml", src); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLintShipped(b *testing.B) {
	for b.Loop() {
		if ps := Lint(); len(ps) != 0 {
			b.Fatal(ps)
		}
	}
}
