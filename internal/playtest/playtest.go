// Package playtest holds the checks every ruleset's random-playout tests
// share: every order Legal lists is accepted by Decide, records survive the
// JSON of the log, and the finished game replays, re-decides and
// round-trips exactly. Each ruleset keeps its own playing policy.
package playtest

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
)

// CheckLeaves asks Decide about listed orders without applying them; a
// long list (a set-up's thousands of placements) is sampled.
func CheckLeaves(tb testing.TB, g *game.Game, side game.Side, leaves []string, seed uint64, step int) {
	tb.Helper()
	if len(leaves) > 400 {
		r := rand.New(rand.NewPCG(seed, uint64(step)))
		sample := make([]string, 400)
		for i := range sample {
			sample[i] = leaves[r.IntN(len(leaves))]
		}
		leaves = sample
	}
	for _, l := range leaves {
		cmd, _ := game.ParseCommand(side, l)
		d := &dice.Seeded{Seed: []byte("probe"), Next: g.Rolls}
		if _, _, err := g.Decide(cmd, d); err != nil {
			tb.Fatalf("seed %d step %d: listed order %q refused: %v", seed, step, l, err)
		}
	}
}

// RoundTrip sends a record through JSON as the store does and returns the
// decoded record; its events must come back identical.
func RoundTrip(tb testing.TB, rules game.Ruleset, rec game.Record) game.Record {
	tb.Helper()
	b, err := json.Marshal(rec)
	if err != nil {
		tb.Fatal(err)
	}
	var raw struct {
		Events json.RawMessage `json:"events"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		tb.Fatal(err)
	}
	evs, err := game.UnmarshalEvents(rules, raw.Events)
	if err != nil {
		tb.Fatal(err)
	}
	if !reflect.DeepEqual(encode(tb, evs), encode(tb, rec.Events)) {
		tb.Fatalf("events changed in a JSON round trip: %s", strings.TrimSpace(string(b)))
	}
	rec.Events = evs
	return rec
}

// CheckLog verifies a game against its log: replaying the records
// gives the live state, the state survives a JSON round trip, and
// re-deciding every command with its recorded dice gives the same events.
// A finished game must also have a result text; an unfinished one (a
// playout stopped after its opening turns) is checked the same way
// otherwise.
func CheckLog(tb testing.TB, rules game.Ruleset, sc *game.Scenario, opts game.Options, live *game.Game, recs []game.Record, seed uint64) {
	tb.Helper()
	if o := live.State.Outcome(); o.Over && o.Result == "" {
		tb.Errorf("seed %d: finished game has no result text", seed)
	}
	r, err := game.Replay(rules, sc, opts, recs)
	if err != nil {
		tb.Fatal(err)
	}
	a, _ := json.Marshal(live.State)
	b, _ := json.Marshal(r.State)
	if !bytes.Equal(a, b) {
		tb.Errorf("seed %d: replay differs from the live state", seed)
	}
	back, err := rules.DecodeState(sc, opts, a)
	if err != nil {
		tb.Fatal(err)
	}
	c, _ := json.Marshal(back)
	if !bytes.Equal(a, c) {
		tb.Errorf("seed %d: state JSON round trip differs", seed)
	}
	if err := game.Redecide(rules, sc, opts, recs); err != nil {
		tb.Errorf("seed %d: %v", seed, err)
	}
}

func encode(tb testing.TB, es game.Events) []byte {
	b, err := json.Marshal(es)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// DecideEvolve decides cmd on st and folds the events, failing on a
// refusal: the loop body of the rulesets' decide+evolve benchmarks.
func DecideEvolve(tb testing.TB, rules game.Ruleset, st game.State, cmd game.Command, d game.Dice) game.State {
	evs, err := rules.Decide(st, cmd, d)
	if err != nil {
		tb.Fatal(err)
	}
	for _, e := range evs {
		st = rules.Evolve(st, e)
	}
	return st
}

// Apply decides a listed order with the game's seeded dice, checks the
// ruleset's invariants (game.Checker) after every event, commits the
// record and returns it as read back from the log's JSON.
func Apply(tb testing.TB, g *game.Game, side game.Side, order string, d *dice.Seeded, seed uint64, step int) game.Record {
	tb.Helper()
	cmd, _ := game.ParseCommand(side, order)
	d.Next = g.Rolls
	events, rolls, err := g.Decide(cmd, d)
	if err != nil {
		tb.Fatalf("seed %d step %d: legal order %q by %s refused: %v", seed, step, order, side, err)
	}
	if c, ok := g.Rules.(game.Checker); ok {
		st := g.State
		for _, e := range events {
			st = g.Rules.Evolve(st, e)
			if err := c.Check(st); err != nil {
				tb.Fatalf("seed %d step %d: after %q, event %s: %v", seed, step, order, e.Kind(), err)
			}
		}
	}
	rec := game.Record{Seq: g.Seq + 1, Clock: g.State.Clock(), Text: order, Command: cmd, Rolls: rolls, Events: events}
	g.Commit(rec)
	return RoundTrip(tb, g.Rules, rec)
}

// Step plays one listed order of a random playout: Decide on a probe of
// the dice must accept it and leave the state unchanged, the game then
// applies it with its own dice d, the ruleset's invariants (game.Checker)
// must hold after it, and its record must survive JSON. It returns the
// record as applied.
func Step(tb testing.TB, g *game.Game, side game.Side, order string, d game.Dice, seed int64, step int) game.Record {
	tb.Helper()
	cmd, err := game.ParseCommand(side, order)
	if err != nil {
		tb.Fatal(err)
	}
	before, _ := json.Marshal(g.State)
	if _, err := g.Rules.Decide(g.State, cmd, &dice.Seeded{Seed: []byte("probe"), Next: g.Rolls}); err != nil {
		tb.Fatalf("seed %d step %d: listed order %q refused: %v", seed, step, order, err)
	}
	if after, _ := json.Marshal(g.State); string(after) != string(before) {
		tb.Fatalf("seed %d step %d: Decide(%q) changed the state", seed, step, order)
	}
	rec, err := g.Apply(order, cmd, d)
	if err != nil {
		tb.Fatalf("seed %d step %d: listed order %q refused: %v", seed, step, order, err)
	}
	if c, ok := g.Rules.(game.Checker); ok {
		if err := c.Check(g.State); err != nil {
			tb.Fatalf("seed %d step %d after %q: %v", seed, step, order, err)
		}
	}
	RoundTrip(tb, g.Rules, rec)
	return rec
}
