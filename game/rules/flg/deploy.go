package flg

import (
	"slices"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// The private deployment (FLG-A1.5, FLG-A1.6, FLG-P-35, the screen
// method): each side places its units and officers in its two columns
// nearest its edge, one unit a hex (officers with units or alone), on
// terrain the unit could enter; "deploy" orders are secret events of
// their side, and a view hides the other side's placements. "ready" ends
// a side's deployment once everything is placed; when both are ready the
// positions are revealed and the first player's turn 1 begins.

// Deployed: a side placed a unit or officer (secret until the reveal).
type Deployed struct {
	Side game.Side `json:"side"`
	ID   string    `json:"id"`
	Hex  string    `json:"hex"`
	Changes
}

// Readied: a side finished its deployment.
type Readied struct {
	Side game.Side `json:"side"`
	// Revealed: both sides are ready; the positions are public.
	Revealed bool    `json:"revealed,omitempty"`
	Ready    [2]bool `json:"ready"`
	Changes
}

func (Deployed) Kind() string { return "deployed" }
func (Readied) Kind() string  { return "readied" }

// Owner makes a placement secret to its side (game.Secret).
func (e Deployed) Owner() game.Side { return e.Side }

func (e Deployed) Message() game.Msg {
	return game.M("flg.ev.deployed", "id", e.ID, "cell", e.Hex)
}

func (e Readied) Message() game.Msg {
	if e.Revealed {
		return game.M("flg.ev.revealed", "side", e.Side)
	}
	return game.M("flg.ev.ready", "side", e.Side)
}

// deployZone: the two columns nearest side's edge.
func (s *State) deployZone(side game.Side, c grid.Coord) bool {
	w, _ := s.board().Grid.Size()
	if side == game.SideA {
		return c.X <= 1
	}
	return c.X >= w-2
}

// canDeployAt: in the zone, on terrain the unit could enter (artillery
// not in rough terrain off a road), not on another unit.
func (s *State) canDeployAt(side game.Side, id string, c grid.Coord) error {
	if !s.board().Grid.Contains(c) || !s.deployZone(side, c) || s.impassable(c) {
		return game.Reject("bad-deployment", "FLG-A1.5", "flg.deploy.zone", "cell", s.label(c))
	}
	if u := s.Unit(id); u != nil {
		if isArt(u) && s.rough(c) && !s.onRoad(c) {
			return game.Reject("bad-deployment", "FLG-A1.5", "flg.deploy.terrain", "unit", u.ID, "cell", s.label(c))
		}
		if x := s.UnitAt(c); x != nil && x != u {
			return game.Reject("bad-deployment", "FLG-1.6", "flg.deploy.taken", "cell", s.label(c))
		}
	}
	return nil
}

func (d *decider) deploy(cmd game.Command) error {
	w := d.w
	if len(cmd.Args) != 2 {
		return game.Reject(game.CodeSyntax, "FLG-A1.5", "flg.syntax", "usage", game.Plain("deploy UNIT|OFFICER HEX"))
	}
	if w.Ready[cmd.Side] {
		return game.Reject("ready", "FLG-P-35", "flg.deploy.ready")
	}
	c, err := w.cell(cmd.Args[1])
	if err != nil {
		return err
	}
	e := Deployed{Side: cmd.Side, Hex: w.label(c)}
	if o := w.Officer(cmd.Args[0]); o != nil && o.Side == cmd.Side {
		if err := w.canDeployAt(cmd.Side, o.ID, c); err != nil {
			return err
		}
		o.At, o.Reserve = c, false
		d.touchOfficer(o)
		e.ID = o.ID
	} else {
		u, err := w.ownUnit(cmd.Side, cmd.Args[0])
		if err != nil {
			return err
		}
		if err := w.canDeployAt(cmd.Side, u.ID, c); err != nil {
			return err
		}
		u.At, u.Reserve = c, false
		d.touch(u)
		e.ID = u.ID
	}
	e.Changes = d.changes()
	e.Lost, e.Skip = nil, nil
	d.evs = append(d.evs, e)
	return nil
}

func (d *decider) ready(cmd game.Command) error {
	w := d.w
	if len(cmd.Args) != 0 {
		return game.Reject(game.CodeSyntax, "FLG-P-35", "flg.syntax", "usage", game.Plain("ready"))
	}
	if w.Ready[cmd.Side] {
		return game.Reject("ready", "FLG-P-35", "flg.deploy.ready")
	}
	if id := w.undeployed(cmd.Side); id != "" {
		return game.Reject("not-deployed", "FLG-A1.5", "flg.deploy.missing", "id", id)
	}
	w.Ready[cmd.Side] = true
	e := Readied{Side: cmd.Side, Ready: w.Ready}
	if w.Ready[game.SideA] && w.Ready[game.SideB] {
		e.Revealed = true
		e.Units = slices.Clone(w.Units)
		e.Officers = slices.Clone(w.Officers)
	}
	d.evs = append(d.evs, e)
	if e.Revealed {
		first := w.first()
		w.Phase, w.Active = PhaseCommand, first
		d.evs = append(d.evs, PhaseBegan{Turn: 1, Phase: PhaseCommand, Active: first})
	}
	return nil
}

// undeployed is a unit or officer of side still in reserve ("").
func (s *State) undeployed(side game.Side) string {
	for _, u := range s.Units {
		if u.Side == side && u.Reserve {
			return u.ID
		}
	}
	for _, o := range s.Officers {
		if o.Side == side && o.Reserve {
			return o.ID
		}
	}
	return ""
}

// deployOptions are the placements of side's next piece in reserve, or
// "ready" when all are placed.
func (s *State) deployOptions(side game.Side) []game.Option {
	id := s.undeployed(side)
	if id == "" {
		return []game.Option{{Label: "ready", Command: "ready", LabelMsg: game.M("flg.opt.ready")}}
	}
	var out []game.Option
	for _, c := range s.board().Grid.Cells() {
		if !s.deployZone(side, c) || s.canDeployAt(side, id, c) != nil {
			continue
		}
		if s.Unit(id) == nil && s.UnitAt(c) == nil {
			continue // officers go with units
		}
		cmd := "deploy " + id + " " + s.label(c)
		out = append(out, game.Option{Label: cmd, Command: cmd, LabelMsg: game.M("flg.opt.deploy", "id", id, "cell", s.label(c))})
	}
	return out
}

func (s *State) deployDecisions() []game.Decision {
	var out []game.Decision
	for _, sd := range game.Sides {
		if s.Ready[sd] {
			continue
		}
		opts := s.indexed().deployOptions(sd)
		if len(opts) == 0 {
			continue
		}
		m := game.M("flg.prompt.deploy", "side", sd)
		out = append(out, game.Decision{ID: "deploy-" + sd.String(), Side: sd, Kind: "deploy", Rule: "FLG-P-35", Prompt: m.String(), PromptMsg: m, Options: opts})
	}
	return out
}

// View hides the other side's army, its composition and its placements,
// until both sides have deployed (FLG-P-34, FLG-P-35), and the other
// side's messengers always.
func (r *Rules) View(gs game.State, viewer game.Side) game.State {
	s := gs.(*State)
	if s.Phase != PhaseDeploy && s.Phase != PhaseBuild {
		// Orders in transit are seen by their own side only.
		if !slices.ContainsFunc(s.Messengers, func(m Messenger) bool { return m.Side != viewer }) {
			return s
		}
		v := s.clone()
		v.Messengers = slices.DeleteFunc(v.Messengers, func(m Messenger) bool { return m.Side != viewer })
		return v
	}
	v := s.clone()
	for i := range v.Units {
		if u := &v.Units[i]; u.Side != viewer {
			u.hidden, u.At = true, grid.Coord{}
		}
	}
	for i := range v.Officers {
		if o := &v.Officers[i]; o.Side != viewer {
			o.hidden, o.At = true, grid.Coord{}
		}
	}
	return v
}
