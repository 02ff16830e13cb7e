package flg

import (
	"slices"
	"strconv"

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
	Side   game.Side `json:"side"`
	ID     string    `json:"id"`
	Hex    string    `json:"hex"`
	Public bool      `json:"public,omitempty"` // alternating deployment: in the open
	// Turn and Run: the alternating deployment's turn after it.
	Turn   *game.Side       `json:"turn,omitempty"`
	Run    *int             `json:"run,omitempty"`
	Decoys *[2][]grid.Coord `json:"decoys,omitempty"`
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

// Owner makes a placement secret to its side (game.Secret), but in the
// alternating deployment.
func (e Deployed) Owner() game.Side {
	if e.Public {
		return game.Nobody
	}
	return e.Side
}

func (e Deployed) Message() game.Msg {
	return game.M("flg.ev.deployed", "id", e.ID, "cell", e.Hex)
}

func (e Readied) Message() game.Msg {
	if e.Revealed {
		return game.M("flg.ev.revealed", "side", e.Side)
	}
	return game.M("flg.ev.ready", "side", e.Side)
}

func (s *State) deployMode() string { return s.opts.Value(optionSpecs, "deployment") }

// deployZone: the two columns nearest side's edge (FLG-A1.5), or as
// many as the scenario says (deployDepth).
func (s *State) deployZone(side game.Side, c grid.Coord) bool {
	w, _ := s.board().Grid.Size()
	n := deployDepth(s.sc, side)
	if !s.east(side) {
		return c.X < n
	}
	return c.X >= w-n
}

// deployDepth is how many columns from its edge side deploys in: two
// (FLG-A1.5), or the scenario's param deploy-columns-A/-B, else
// deploy-columns (FLG-P-36's per-side deployZone). CheckScenario refuses
// a value that is not a whole number from 1 to half the board's depth.
func deployDepth(sc *game.Scenario, side game.Side) int {
	n, err := strconv.Atoi(sc.Param("deploy-columns-"+side.String(), sc.Param("deploy-columns", "2")))
	if err != nil || n < 1 {
		return 2
	}
	return n
}

// zoneRefusal is the refusal of a hex outside side's deployment zone.
func (s *State) zoneRefusal(side game.Side, c grid.Coord, rule string) error {
	if n := deployDepth(s.sc, side); n != 2 {
		return game.Reject("bad-deployment", rule, "flg.deploy.zone-n", "cell", s.label(c), "n", n)
	}
	return game.Reject("bad-deployment", rule, "flg.deploy.zone", "cell", s.label(c))
}

// The terrain placed by one player (FLG-A1.4): with param terrain-by = A
// or B, the other player first chooses his edge and who plays first,
// "edge west|east A|B"; then the game goes on (building, deploying).

func (s *State) chooser() game.Side {
	if s.sc.Param("terrain-by", "") == "A" {
		return game.SideB
	}
	return game.SideA
}

// EdgeChosen: the chooser's edge and the first player.
type EdgeChosen struct {
	Side    game.Side `json:"side"`
	Edge    string    `json:"edge"`
	First   game.Side `json:"first"`
	Swapped bool      `json:"swapped"`
	Next    string    `json:"next"`
}

func (EdgeChosen) Kind() string { return "edge" }

func (e EdgeChosen) Message() game.Msg {
	return game.M("flg.ev.edge", "side", e.Side, "edge", game.M("flg.edge."+e.Edge), "first", e.First)
}

func (d *decider) chooseEdge(cmd game.Command) error {
	w := d.w
	if w.Phase != PhaseChoose {
		return game.Reject(game.CodeWrongPhase, "FLG-A1.4", "flg.edge.phase")
	}
	if cmd.Side != w.chooser() {
		return game.Reject(game.CodeWrongSide, "FLG-A1.4", "flg.not-your-turn", "side", w.chooser())
	}
	if len(cmd.Args) != 2 || cmd.Args[0] != "west" && cmd.Args[0] != "east" {
		return game.Reject(game.CodeSyntax, "FLG-A1.4", "flg.syntax", "usage", game.Plain("edge west|east A|B"))
	}
	first, err := game.ParseSide(cmd.Args[1])
	if err != nil || !first.Valid() {
		return game.Reject(game.CodeSyntax, "FLG-A1.4", "flg.syntax", "usage", game.Plain("edge west|east A|B"))
	}
	e := EdgeChosen{Side: cmd.Side, Edge: cmd.Args[0], First: first}
	e.Swapped = (cmd.Side == game.SideA) == (cmd.Args[0] == "east")
	e.Next = w.afterChoice()
	d.evs = append(d.evs, e)
	return nil
}

// afterChoice is the phase the game goes on with.
func (s *State) afterChoice() string {
	for _, sd := range game.Sides {
		if s.sc.Param("army-"+sd.String(), "") == "budget" {
			return PhaseBuild
		}
	}
	for _, u := range s.Units {
		if u.Reserve {
			return PhaseDeploy
		}
	}
	for _, o := range s.Officers {
		if o.Reserve {
			return PhaseDeploy
		}
	}
	return PhaseCommand
}

func (s *State) edgeOptions() []game.Option {
	var out []game.Option
	for _, edge := range []string{"west", "east"} {
		for _, f := range game.Sides {
			cmd := "edge " + edge + " " + f.String()
			out = append(out, game.Option{Label: cmd, Command: cmd, LabelMsg: game.M("flg.opt.edge", "edge", game.M("flg.edge."+edge), "first", f)})
		}
	}
	return out
}

// canDeployAt: in the zone, on terrain the unit could enter (artillery
// not in rough terrain off a road), not on another unit.
func (s *State) canDeployAt(side game.Side, id string, c grid.Coord) error {
	if !s.board().Grid.Contains(c) || !s.deployZone(side, c) || s.impassable(c) {
		return s.zoneRefusal(side, c, "FLG-A1.5")
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
	if u := w.Unit(cmd.Args[0]); u != nil && w.deployMode() == "alternating" && cmd.Side != w.DeployTurn {
		// Units alternate; officers go with them at any time.
		return game.Reject(game.CodeWrongSide, "FLG-A1.6", "flg.deploy.turn", "side", w.DeployTurn)
	}
	c, err := w.cell(cmd.Args[1])
	if err != nil {
		return err
	}
	if slices.Contains(w.Decoys[cmd.Side], c) {
		return game.Reject("bad-deployment", "FLG-1.6", "flg.deploy.taken", "cell", w.label(c))
	}
	e := Deployed{Side: cmd.Side, Hex: w.label(c), Public: w.deployMode() == "alternating"}
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
		wasReserve := u.Reserve
		u.At, u.Reserve = c, false
		d.touch(u)
		e.ID = u.ID
		if w.deployMode() == "alternating" && wasReserve {
			// Three units at a time, the first player first (FLG-A1.6).
			w.DeployRun++
			if w.DeployRun >= 3 || w.undeployedUnits(cmd.Side) == 0 {
				if w.undeployedUnits(cmd.Side.Other()) > 0 || w.undeployed(cmd.Side.Other()) != "" {
					w.DeployTurn = cmd.Side.Other()
				}
				w.DeployRun = 0
			}
			e.Turn, e.Run = &w.DeployTurn, &w.DeployRun
		}
	}
	e.Changes = d.changes()
	e.Lost, e.Skip = nil, nil
	d.evs = append(d.evs, e)
	return nil
}

func (s *State) undeployedUnits(side game.Side) int {
	n := 0
	for _, u := range s.Units {
		if u.Side == side && u.Reserve {
			n++
		}
	}
	return n
}

// decoy: "decoy HEX" puts a blank slip of paper in the own zone
// (FLG-A1.6: 1 decoy per 4 real units), with deployment = slips.
func (d *decider) decoy(cmd game.Command) error {
	w := d.w
	if w.deployMode() != "slips" {
		return game.Reject("no-decoys", "FLG-A1.6", "flg.deploy.no-decoys")
	}
	if len(cmd.Args) != 1 {
		return game.Reject(game.CodeSyntax, "FLG-A1.6", "flg.syntax", "usage", game.Plain("decoy HEX"))
	}
	if w.Ready[cmd.Side] {
		return game.Reject("ready", "FLG-P-35", "flg.deploy.ready")
	}
	c, err := w.cell(cmd.Args[0])
	if err != nil {
		return err
	}
	n := 0
	for _, u := range w.Units {
		if u.Side == cmd.Side {
			n++
		}
	}
	if len(w.Decoys[cmd.Side]) >= n/4 {
		return game.Reject("too-many-decoys", "FLG-A1.6", "flg.deploy.decoys", "n", n/4)
	}
	if !w.deployZone(cmd.Side, c) || w.impassable(c) || w.UnitAt(c) != nil || slices.Contains(w.Decoys[cmd.Side], c) {
		return w.zoneRefusal(cmd.Side, c, "FLG-A1.6")
	}
	w.Decoys[cmd.Side] = append(w.Decoys[cmd.Side], c)
	decoys := w.Decoys
	d.evs = append(d.evs, Deployed{Side: cmd.Side, ID: "decoy", Hex: w.label(c), Decoys: &decoys})
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
		w.Decoys = [2][]grid.Coord{} // the blank slips vanish
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
	if s.deployMode() == "alternating" && side != s.DeployTurn && s.Unit(id) != nil {
		return nil
	}
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
		if s.Ready[sd] || s.secret[sd] {
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
	mode := s.deployMode()
	if s.Phase == PhaseDeploy && mode == "alternating" {
		return v
	}
	for _, sd := range game.Sides {
		v.secret[sd] = sd != viewer
	}
	for i := range v.Units {
		if u := &v.Units[i]; u.Side != viewer {
			u.hidden = true
			if mode != "slips" || u.Reserve || s.Phase != PhaseDeploy {
				u.At = grid.Coord{}
			} else {
				u.slip = true // the slip's place is seen, not what it is
			}
		}
	}
	if mode == "slips" {
		// The other side's blank slips look like the others.
		for _, c := range s.Decoys[viewer.Other()] {
			if viewer.Valid() {
				v.Units = append(v.Units, Unit{ID: "decoy", Side: viewer.Other(), At: c, hidden: true, slip: true, Type: "INF_L_MUSKET"})
			}
		}
		v.Decoys[viewer.Other()] = nil
	}
	for i := range v.Officers {
		if o := &v.Officers[i]; o.Side != viewer {
			o.hidden, o.At = true, grid.Coord{}
		}
	}
	return v
}
