package all_test

import (
	"encoding/json"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/all"
	"github.com/grognard/grognard/scenarios"
)

// fuzzScenarios are the games crafted events are applied to: one of each
// ruleset, with hidden information and set-up phases.
var fuzzScenarios = []string{"gs-1", "gs-10", "ptg-standard"}

// fuzzGame is a short random playout of a scenario: its records, so that
// crafted events can be applied at any of its steps.
type fuzzGame struct {
	rules game.Ruleset
	sc    *game.Scenario
	recs  []game.Record
	// games[n] is the game after its first n records (states are
	// values), so that a fuzz input does not replay the prefix.
	games []game.Game
}

var (
	fuzzOnce  sync.Once
	fuzzGames []fuzzGame
)

func fuzzPlayouts(tb testing.TB) []fuzzGame {
	fuzzOnce.Do(func() {
		for i, id := range fuzzScenarios {
			sc, err := scenarios.Load(id)
			if err != nil {
				tb.Fatal(err)
			}
			r, err := all.Get(sc.Ruleset)
			if err != nil {
				tb.Fatal(err)
			}
			g, err := game.Start(r, sc, nil)
			if err != nil {
				tb.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			d := &dice.Seeded{Seed: []byte(id)}
			var recs []game.Record
			games := []game.Game{*g}
			for step := 0; step < 40 && !g.State.Outcome().Over; step++ {
				w := game.Waiting(g.State)
				if len(w) == 0 {
					break
				}
				side := w[rng.IntN(len(w))]
				leaves := game.Leaves(r.Legal(g.State, side))
				if len(leaves) == 0 {
					break
				}
				cmd, _ := game.ParseCommand(side, leaves[rng.IntN(len(leaves))])
				d.Next = g.Rolls
				rec, err := g.Apply(cmd.String(), cmd, d)
				if err != nil {
					tb.Fatalf("%s step %d: %v", id, step, err)
				}
				recs = append(recs, rec)
				games = append(games, *g)
			}
			fuzzGames = append(fuzzGames, fuzzGame{rules: r, sc: sc, recs: recs, games: games})
		}
	})
	return fuzzGames
}

// FuzzEvolve applies crafted events (a JSON list as a log stores them) to
// a game at some step of a random playout, as a crafted log would:
// decoding either fails, or CommitChecked refuses the record with an
// error, or the state it leaves can be viewed, listed, scored, drawn and
// encoded without a panic.
//
//	go test ./game/rules/all -run XXX -fuzz FuzzEvolve -fuzztime 10m -parallel 1
func FuzzEvolve(f *testing.F) {
	for gi, fg := range fuzzPlayouts(f) {
		for i, rec := range fg.recs {
			if i%10 != 0 {
				continue
			}
			b, err := json.Marshal(rec.Events)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(uint8(gi), uint8(i), b)
			if i+1 < len(fg.recs) {
				f.Add(uint8(gi), uint8(i+1), b) // one step late
			}
		}
	}
	f.Add(uint8(0), uint8(0), []byte(`[{"kind":"moved","data":{"unit":"ZZ9","to":{"q":999,"r":-4}}}]`))
	f.Add(uint8(2), uint8(3), []byte(`[{"kind":"placed","data":{"unit":"nobody","at":{"q":-1,"r":1000}}}]`))
	f.Fuzz(func(t *testing.T, which, step uint8, events []byte) {
		games := fuzzPlayouts(t)
		fg := games[int(which)%len(games)]
		n := int(step) % (len(fg.recs) + 1)
		at := fg.games[n]
		g := &at
		evs, err := game.UnmarshalEvents(fg.rules, events)
		if err != nil {
			return
		}
		rec := game.Record{Seq: g.Seq + 1, Clock: g.State.Clock(), Command: game.Command{Verb: "fuzz"}, Events: evs}
		if err := g.CommitChecked(rec); err != nil {
			return
		}
		useState(t, g)
	})
}

// useState does with a state what the bot and the command line do.
func useState(t *testing.T, g *game.Game) {
	st := g.State
	_ = st.Outcome()
	_ = st.Pending()
	_ = game.Waiting(st)
	if _, err := json.Marshal(st); err != nil {
		t.Fatalf("state does not encode: %v", err)
	}
	for _, v := range []game.Side{game.SideA, game.SideB, game.Nobody} {
		view := game.ViewOf(g.Rules, st, v)
		_ = view.Pieces()
		if b, ok := g.Rules.(game.Boarder); ok {
			_ = b.Board(st, v)
		}
		if v.Valid() {
			_ = g.Rules.Legal(st, v)
		}
	}
}
