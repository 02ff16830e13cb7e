package playtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/scenarios"
)

// Logs written by every earlier version of a ruleset keep replaying to the
// states that version reached (DESIGN "Versions"): each ruleset stores a
// few whole games played by an earlier version in testdata/v<N>logs, and
// ReplayStoredLogs folds them with today's code. To store the logs of the
// version being replaced, run the ruleset's log writer (its -<name>.writelogs
// flag) at the commit of that version.

// StoredLog is one game as a version of a ruleset played it: how it began,
// its log and the state the log led to.
type StoredLog struct {
	Ruleset  string `json:"ruleset"`
	Version  string `json:"version"`
	Scenario string `json:"scenario"` // a shipped scenario id
	// Resolved is the scenario the game is played on, in the encoding/json
	// form the store keeps with every game, so that a later change to the
	// shipped scenario does not change the log's replay. Without it the
	// shipped scenario is used.
	Resolved json.RawMessage `json:"resolved,omitempty"`
	Options  game.Options    `json:"options,omitempty"`
	Seed     uint64          `json:"seed"`
	Records  []StoredRecord  `json:"records"`
	State    json.RawMessage `json:"state"`
}

// StoredRecord is a game.Record with its events left as JSON: decoding
// them needs the ruleset.
type StoredRecord struct {
	Seq     int             `json:"seq"`
	Clock   game.Clock      `json:"clock"`
	Text    string          `json:"text,omitempty"`
	Command game.Command    `json:"command"`
	Rolls   []game.Roll     `json:"rolls,omitempty"`
	Events  json.RawMessage `json:"events"`
}

// Picker chooses an order among the legal ones, like the ruleset's
// random-playout policy.
type Picker func(rng *rand.Rand, st game.State, tree []game.Option, leaves []string) string

// PlayLog plays scenario id to the end with seeded dice and pick, and
// returns the game as a StoredLog of today's version of rules.
func PlayLog(tb testing.TB, rules game.Ruleset, id string, opts game.Options, seed uint64, pick Picker) StoredLog {
	tb.Helper()
	sc, err := scenarios.Load(id)
	if err != nil {
		tb.Fatal(err)
	}
	g, err := game.Start(rules, sc, opts)
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	d := &dice.Seeded{Seed: dice.SeedFromInt(int64(seed))}
	l := StoredLog{Ruleset: rules.Name(), Version: rules.Version(), Scenario: id, Options: opts, Seed: seed}
	if l.Resolved, err = json.Marshal(sc); err != nil {
		tb.Fatal(err)
	}
	for step := 0; !g.State.Outcome().Over; step++ {
		if step > 30000 {
			tb.Fatalf("%s seed %d: no end after %d orders", id, seed, step)
		}
		waiting := game.Waiting(g.State)
		if len(waiting) == 0 {
			tb.Fatalf("%s seed %d step %d: nobody to act", id, seed, step)
		}
		side := waiting[rng.IntN(len(waiting))]
		tree := rules.Legal(g.State, side)
		leaves := game.Leaves(tree)
		if len(leaves) == 0 {
			tb.Fatalf("%s seed %d step %d: %s has no legal order", id, seed, step, side)
		}
		rec := Apply(tb, g, side, pick(rng, g.State, tree, leaves), d, seed, step)
		evs, err := json.Marshal(rec.Events)
		if err != nil {
			tb.Fatal(err)
		}
		l.Records = append(l.Records, StoredRecord{Seq: rec.Seq, Clock: rec.Clock, Text: rec.Text, Command: rec.Command, Rolls: rec.Rolls, Events: evs})
	}
	if l.State, err = json.Marshal(g.State); err != nil {
		tb.Fatal(err)
	}
	return l
}

// WriteLog writes l to dir/name.json.
func WriteLog(tb testing.TB, dir, name string, l StoredLog) {
	tb.Helper()
	b, err := json.Marshal(l)
	if err != nil {
		tb.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".json"), append(b, '\n'), 0o644); err != nil {
		tb.Fatal(err)
	}
}

// ReplayStoredLogs replays every dir/*.json log of rules with today's code
// (game.ReplayChecked: the ruleset's invariants hold after every event) and
// fails unless it reaches the stored state, byte for byte in JSON. It
// returns the number of logs replayed.
func ReplayStoredLogs(t *testing.T, rules game.Ruleset, dir string) int {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var l StoredLog
			if err := json.Unmarshal(b, &l); err != nil {
				t.Fatal(err)
			}
			if l.Ruleset != rules.Name() || l.Version == "" {
				t.Fatalf("log of ruleset %q version %q, want a version of %s", l.Ruleset, l.Version, rules.Name())
			}
			if err := l.Check(rules); err != nil {
				t.Error(err)
			}
			// The store's check and import re-decide a game begun under
			// an older version: what its events say still holds (the
			// first log only: re-deciding costs a whole game's play).
			if f != files[0] {
				return
			}
			if err := l.Redecide(rules); err != nil {
				t.Errorf("version %s log of %s does not re-decide: %v", l.Version, l.Scenario, err)
			}
		})
	}
	return len(files)
}

// around returns a and b near their first difference.
func around(a, b []byte) (string, string) {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	cut := func(x []byte) string { return string(x[max(0, i-200):min(len(x), i+200)]) }
	return cut(a), cut(b)
}

// Replay folds l's log with today's rules (game.ReplayChecked: the
// ruleset's invariants hold after every event).
func (l StoredLog) Replay(rules game.Ruleset) (*game.Game, error) {
	sc, recs, err := l.decode(rules)
	if err != nil {
		return nil, err
	}
	return game.ReplayChecked(rules, sc, l.Options, recs)
}

// Redecide re-decides l's log with today's rules as the store's check and
// import do for a game begun under l's version (game.RedecideSince).
func (l StoredLog) Redecide(rules game.Ruleset) error {
	sc, recs, err := l.decode(rules)
	if err != nil {
		return err
	}
	return game.RedecideSince(l.Version, rules, sc, l.Options, recs)
}

// decode is l's scenario and records.
func (l StoredLog) decode(rules game.Ruleset) (*game.Scenario, []game.Record, error) {
	sc := &game.Scenario{}
	var err error
	if l.Resolved != nil {
		err = json.Unmarshal(l.Resolved, sc)
	} else {
		sc, err = scenarios.Load(l.Scenario)
	}
	if err != nil {
		return nil, nil, err
	}
	recs := make([]game.Record, len(l.Records))
	for i, r := range l.Records {
		evs, err := game.UnmarshalEvents(rules, r.Events)
		if err != nil {
			return nil, nil, fmt.Errorf("record %d: %w", r.Seq, err)
		}
		recs[i] = game.Record{Seq: r.Seq, Clock: r.Clock, Text: r.Text, Command: r.Command, Rolls: r.Rolls, Events: evs}
	}
	return sc, recs, nil
}

// Check replays l with today's rules and reports an error unless it
// reaches the stored state, byte for byte in JSON.
func (l StoredLog) Check(rules game.Ruleset) error {
	g, err := l.Replay(rules)
	if err != nil {
		return err
	}
	got, err := json.Marshal(g.State)
	if err != nil {
		return err
	}
	var want bytes.Buffer
	if err := json.Compact(&want, l.State); err != nil {
		return err
	}
	if !bytes.Equal(got, want.Bytes()) {
		g, w := around(got, want.Bytes())
		return fmt.Errorf("version %s log of %s (seed %d, %d records) replays to another state:\n got …%s…\nwant …%s…", l.Version, l.Scenario, l.Seed, len(l.Records), g, w)
	}
	return nil
}
