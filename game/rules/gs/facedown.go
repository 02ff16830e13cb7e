package gs

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
)

// Face-down movement (GS-S9a.special, GS-S10 special rule 2, GS-P-34).
// With the option face-down, every unit is played face down once its side
// is ready: the opponent sees only that "a unit" is there. A face-down unit
// moves as artillery with 3 MP (forest and marsh only by road). It is
// turned face up — for good — when its owner wants its real MP (reveal
// UNIT), when it ends adjacent to an enemy unit (and that enemy unit is
// turned face up too), and when it bombards or is bombarded.

// Relabelled shuffles a side's unit ids as it goes face down, so that ids,
// which follow the scenario's order of battle, tell the opponent nothing.
// Only the owner sees the mapping.
type Relabelled struct {
	Side game.Side `json:"side"`
	From []string  `json:"from"`
	To   []string  `json:"to"`
	Msg  game.Msg  `json:"msg,omitzero"`
	Text string    `json:"text,omitempty"` // the English narration of logs written before Msg
}

func (Relabelled) Kind() string        { return "relabelled" }
func (e Relabelled) Message() game.Msg { return told(e.Msg, e.Text) }
func (e Relabelled) Explain() string   { return game.Render(game.LangEN, e.Message()) }
func (e Relabelled) Owner() game.Side  { return e.Side }

// FaceUp turns units face up.
type FaceUp struct {
	Units []string `json:"units"`
	Why   string   `json:"why"`
	Msg   game.Msg `json:"msg,omitzero"`
	Text  string   `json:"text,omitempty"` // the English narration of logs written before Msg
}

func (FaceUp) Kind() string        { return "face-up" }
func (e FaceUp) Message() game.Msg { return told(e.Msg, e.Text) }
func (e FaceUp) Explain() string   { return game.Render(game.LangEN, e.Message()) }

// relabel shuffles side's ids with the dice (a Fisher–Yates shuffle).
func (s *State) relabel(side game.Side, dice game.Dice) Relabelled {
	var ids []string
	for i := range s.Units {
		if s.Units[i].Side == side {
			ids = append(ids, s.Units[i].ID)
		}
	}
	to := slices.Clone(ids)
	for i := len(to) - 1; i > 0; i-- {
		j := dice.Roll(i+1) - 1
		to[i], to[j] = to[j], to[i]
	}
	var pairs []game.Msg
	for i := range ids {
		u := s.Unit(ids[i])
		pairs = append(pairs, game.M("gs.event.relabelled.unit", "unit", ids[i], "name", u.Name, "id", to[i]))
	}
	return Relabelled{Side: side, From: ids, To: to,
		Msg: game.M("gs.event.relabelled", "units", pairs)}
}

// autoReveal turns face up every face-down unit adjacent to an enemy unit,
// with that enemy unit (GS-S9a.special reveal 2).
func (d *decider) autoReveal() {
	s := d.s
	var ids []string
	add := func(u *Unit) {
		if u.FaceDown && !slices.Contains(ids, u.ID) {
			ids = append(ids, u.ID)
		}
	}
	for i := range s.Units {
		u := &s.Units[i]
		if !u.OnMap() {
			continue
		}
		for _, n := range s.m().Grid.Neighbors(u.At) {
			if e := s.UnitAt(n); e != nil && e.Side != u.Side && (u.FaceDown || e.FaceDown) {
				add(u)
				add(e)
			}
		}
	}
	if len(ids) > 0 {
		d.emit(FaceUp{Units: ids, Why: "adjacent", Msg: game.M("gs.event.face-up.adjacent", "units", d.s.describe(ids))})
	}
}

// describe names units with what they are, for a reveal.
func (s *State) describe(ids []string) string {
	var out []string
	for _, id := range ids {
		u := s.Unit(id)
		out = append(out, fmt.Sprintf("%s %s %d-%d", u.ID, u.Name, u.PC, u.MP))
	}
	return strings.Join(out, ", ")
}

// decideReveal handles "reveal UNIT…": the owner turns units face up to
// use their real MP.
func (s *State) decideReveal(cmd game.Command) ([]game.Event, error) {
	if len(cmd.Args) == 0 {
		return nil, game.Reject(game.CodeSyntax, "GS-S9a.special", "gs.syntax.reveal")
	}
	var ids []string
	for _, w := range cmd.Args {
		u, err := s.ownUnit(cmd.Side, w)
		if err != nil {
			return nil, err
		}
		if !u.FaceDown {
			return nil, game.Reject("face-up", "GS-S9a.special", "gs.face-up", "unit", u.ID)
		}
		if u.Moved {
			return nil, game.Reject("already-moved", "GS-S9a.special", "gs.already-moved.face-down", "unit", u.ID)
		}
		ids = append(ids, u.ID)
	}
	return []game.Event{FaceUp{Units: ids, Why: "owner", Msg: game.M("gs.event.face-up.owner", "side", cmd.Side, "units", s.describe(ids))}}, nil
}

// anyFaceDown reports a unit of side still face down (its strength, and
// so the side's total, is secret).
func (s *State) anyFaceDown(side game.Side) bool {
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && u.Status != StatusUnused && u.FaceDown {
			return true
		}
	}
	return false
}

// masked is what another side sees of a face-down unit: that it is there.
func masked(u *Unit) {
	u.Name, u.Arm, u.PC, u.MP, u.Flags = "", "", 0, 0, nil
}
