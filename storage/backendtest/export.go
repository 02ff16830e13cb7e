package backendtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	//lint:ignore ST1001 the suite reads as the storage package's own tests did
	. "github.com/grognard/grognard/storage"

	"github.com/grognard/grognard/game"
)

func playedStore(t *testing.T, goal string) Backend {
	t.Helper()
	s := mustOpen(t, Options{SnapshotEvery: 5})
	m := toyMeta("g")
	m.Options = game.Options{"goal": goal}
	m.Rooms = []string{"discord:1/2"}
	mustCreate(t, s, m)
	for i := 0; i < 40; i++ {
		if m, _ := s.Meta("g"); m.Status.Ended() {
			break
		}
		text := []string{"roll", "add 2", "roll2"}[i%3]
		if _, err := Order(s, "g", game.Sides[i%2], text, "i-"+string(rune('a'+i))); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func export(t *testing.T, s Backend, id string) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := s.Export(id, &b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func testExportImportIdentical(t *testing.T) {
	for _, goal := range []string{"1000", "30"} { // a game on, a game over
		t.Run("goal="+goal, func(t *testing.T) {
			src := playedStore(t, goal)
			meta, _ := src.Meta("g")
			out := export(t, src, "g")
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			if len(lines) != meta.Seq+3 || !strings.HasPrefix(lines[1], `{"type":"scenario","scenario":{"id":"toy-race"`) {
				t.Fatalf("%d lines for %d records, line 2: %.80s", len(lines), meta.Seq, lines[1])
			}
			seed, _ := src.Seed("g")
			hasSeed := bytes.Contains(out, []byte(`"seed":`)) || bytes.Contains(out, []byte(hexOf(seed)))
			if hasSeed != meta.Status.Ended() {
				t.Fatalf("status %s, seed in export: %v", meta.Status, hasSeed)
			}

			dst := mustOpen(t, Options{})
			got, err := dst.Import(bytes.NewReader(out))
			if err != nil {
				t.Fatal(err)
			}
			if got.ID != "g" {
				t.Fatalf("imported as %q", got.ID)
			}
			if again := export(t, dst, "g"); !bytes.Equal(again, out) {
				t.Fatalf("export of the import differs:\n%s\n---\n%s", again, out)
			}
			a, _, err := src.Load("g", toyRes)
			if err != nil {
				t.Fatal(err)
			}
			b, _, err := dst.Load("g", toyRes)
			if err != nil {
				t.Fatal(err)
			}
			ja, _ := json.Marshal(a.State)
			jb, _ := json.Marshal(b.State)
			if !bytes.Equal(ja, jb) || a.Rolls != b.Rolls {
				t.Fatalf("imported game plays differently: %s vs %s", ja, jb)
			}
			if rooms, _ := dst.GamesInRoom("discord:1/2"); len(rooms) != 1 {
				t.Fatalf("room binding not imported: %v", rooms)
			}
			// The interaction ids came along: a redelivery is still refused.
			if !meta.Status.Ended() {
				before := b.Seq
				rec, err := b.Apply("add 1", game.Command{Side: game.SideA, Verb: "add", Args: []string{"1"}}, nil)
				if err != nil {
					t.Fatal(err)
				}
				if err := dst.Append("g", before, rec, "i-a"); !errors.Is(err, ErrDuplicate) {
					t.Fatalf("redelivery after import: %v", err)
				}
			}
			_, err = dst.Seed("g")
			if meta.Status.Ended() != (err == nil) {
				t.Fatalf("seed after import of a %s game: %v", meta.Status, err)
			}
			if _, err := dst.Import(bytes.NewReader(out)); !errors.Is(err, ErrExists) {
				t.Fatalf("second import: %v", err)
			}
			if err := dst.RebuildSnapshot("g", toyRes); err != nil {
				t.Fatal(err)
			}
			mustCheck(t, dst)
		})
	}
}

func hexOf(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 0, 2*len(b))
	for _, c := range b {
		out = append(out, digits[c>>4], digits[c&15])
	}
	return string(out)
}

func testAudit(t *testing.T) {
	s := playedStore(t, "1000")
	if _, err := s.Audit("g"); !errors.Is(err, ErrSeedHidden) {
		t.Fatalf("audit of a game on: %v", err)
	}
	s = playedStore(t, "30")
	rep, err := s.Audit("g")
	if err != nil || !rep.OK() || rep.Dice == 0 {
		t.Fatalf("audit %+v %v", rep, err)
	}
	// Tamper with one die in the log: the audit names it.
	x, _ := s.ReadGame("g")
	var hit *Mismatch
	for i := range x.Entries {
		if len(x.Entries[i].Rolls) > 0 {
			r := &x.Entries[i].Rolls[0]
			r.Value = r.Value%6 + 1
			hit = &Mismatch{Seq: x.Entries[i].Seq, Index: r.Index, Sides: 6, Logged: r.Value}
			break
		}
	}
	rep, err = Audit(x)
	if err != nil || rep.OK() || len(rep.Mismatches) != 1 || rep.Mismatches[0].Seq != hit.Seq || rep.Mismatches[0].Logged != hit.Logged {
		t.Fatalf("tampered audit %+v %v", rep, err)
	}
	// A seed that is not the committed one.
	x, _ = s.ReadGame("g")
	x.Meta.Seed = strings.Repeat("ab", 32)
	if rep, _ := Audit(x); rep.OK() || len(rep.Problems) == 0 {
		t.Fatalf("wrong seed passed: %+v", rep)
	}
}

func testReadExportRefuses(t *testing.T) {
	over := export(t, playedStore(t, "30"), "g")
	on := export(t, playedStore(t, "1000"), "g")
	lines := func(b []byte) []string { return strings.Split(strings.TrimSpace(string(b)), "\n") }
	join := func(ls []string) string { return strings.Join(ls, "\n") + "\n" }
	edit := func(b []byte, i int, from, to string) string {
		ls := lines(b)
		if !strings.Contains(ls[i], from) {
			t.Fatalf("line %d has no %q", i, from)
		}
		ls[i] = strings.Replace(ls[i], from, to, 1)
		return join(ls)
	}
	onLines := lines(on)
	var seedHex string
	var hdr struct{ Game GameMeta }
	json.Unmarshal([]byte(lines(over)[0]), &hdr)
	seedHex = hdr.Game.Seed
	cases := map[string]struct{ in, msg string }{
		"empty":                  {"", "empty"},
		"not json":               {"hello\n", "line 1"},
		"no header":              {onLines[1] + "\n", `want "game"`},
		"wrong format":           {edit(on, 0, `"format":"grognard-game"`, `"format":"other"`), "format"},
		"newer version":          {edit(on, 0, `"version":2`, `"version":3`), "version 3"},
		"unknown field":          {edit(on, 2, `"seq":1`, `"seq":1,"colour":"red"`), "unknown field"},
		"truncated":              {join(onLines[:len(onLines)-1]), "without an \"end\" line"},
		"missing record":         {join(append(append([]string{}, onLines[:3]...), onLines[4:]...)), "record 3, want 2"},
		"no scenario":            {join(append(onLines[:1:1], onLines[2:]...)), `want the "scenario" line`},
		"scenario edited":        {edit(on, 1, `"turns":0`, `"turns":9`), "has SHA-256"},
		"scenario not json":      {edit(on, 1, `"scenario":{`, `"scenario":"x",{`), "line 2"},
		"sum in version 1":       {edit(on, 0, `"version":2`, `"version":1`), "version 1 export has no scenario_sum"},
		"bad count":              {edit(on, len(onLines)-1, `"records":`, `"records":1`), "end says"},
		"trailing data":          {string(on) + onLines[1] + "\n", "after its \"end\""},
		"bad meta":               {edit(on, 0, `"ruleset":"toy"`, `"ruleset":""`), "ruleset is empty"},
		"seed of a running game": {edit(on, 0, `"seed_commitment"`, `"seed":"`+seedHex+`","seed_commitment"`), "carries its seed"},
		"wrong seed":             {edit(over, 0, `"seed":"`+seedHex[:4], `"seed":"0000`), "does not match the commitment"},
	}
	s := mustOpen(t, Options{}) // every refused import must leave it empty
	for name, c := range cases {
		_, err := ReadExport(strings.NewReader(c.in))
		if !errors.Is(err, ErrBadInput) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v, want ErrBadInput containing %q", name, err, c.msg)
		}
		if _, err := s.Import(strings.NewReader(c.in)); err == nil {
			t.Errorf("%s: imported", name)
		}
		if gs, _ := s.Games("", 0); len(gs) != 0 {
			t.Errorf("%s: a refused import left a game", name)
		}
	}
}
