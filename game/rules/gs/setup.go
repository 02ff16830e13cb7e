package gs

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// deploys reports a unit still to be set up before play (not a
// reinforcement).
func (u *Unit) deploys() bool { return u.Status == game.StatusReserve && u.Group == "" }

// zone returns the deployment zone of a side.
func (s *State) zone(side game.Side) []grid.Coord {
	if z, ok := s.sc.Zones["deploy-"+side.String()+"-literal"]; ok && s.on("deploy-literal") {
		return z // GS-P-30: the rulebook's words taken literally
	}
	return s.sc.Zones["deploy-"+side.String()]
}

func (s *State) hasUnplaced(side game.Side) bool {
	if n, _, _ := s.corpsRule(); n > 0 {
		return false // every unit joins a corps and enters later (GS-S5)
	}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && u.deploys() && !u.Placed {
			return true
		}
	}
	return false
}

// placedAt returns side's own unit placed (not yet revealed) at c.
func (s *State) placedAt(side game.Side, c grid.Coord) *Unit {
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && u.Placed && u.At == c && (u.Status == game.StatusReserve || u.OnMap()) {
			return u
		}
	}
	return nil
}

// decideSetup handles "deploy UNIT HEX [UNIT HEX…]", "deploy auto" and
// "ready" during the simultaneous secret set-up (GS-S1.deploy, GS-P-20).
func (s *State) decideSetup(cmd game.Command, dice game.Dice) ([]game.Event, error) {
	if s.Phase != PhaseSetup {
		return nil, game.Reject(game.CodeWrongPhase, "GS-S1.deploy", "gs.wrong-phase.deploy")
	}
	if s.Ready[cmd.Side] {
		return nil, game.Reject("already-ready", "GS-P-20", "gs.already-ready")
	}
	if s.drawDue(cmd.Side) {
		return nil, game.Reject("draw-due", "GS-S9a.forces", "gs.draw-due")
	}
	if cmd.Verb == "ready" {
		if s.corpsDue(cmd.Side) {
			return nil, game.Reject("corps-due", "GS-S5.deploy", "gs.corps-due")
		}
		if s.roadsDue(cmd.Side) {
			return nil, game.Reject("roads-due", "GS-S7.deploy", "gs.roads-due")
		}
		if s.mustWithdraw(cmd.Side) {
			w, _ := s.withdrawal(cmd.Side)
			return nil, game.Reject("not-withdrawn", "GS-S8.deploy", "gs.not-withdrawn", "forces", describeWithdrawal(w))
		}
		zones, counts := s.deployCounts(cmd.Side)
		if len(zones) > 0 {
			for k, z := range zones {
				if n := s.placedIn(cmd.Side, z); n != counts[k] {
					return nil, game.Reject("deploy-count", "GS-S6.deploy", "gs.deploy-count", "n", counts[k], "zone", z, "now", n)
				}
			}
		} else if s.hasUnplaced(cmd.Side) {
			var left []string
			for i := range s.Units {
				if u := &s.Units[i]; u.Side == cmd.Side && !u.Placed {
					left = append(left, u.ID)
				}
			}
			return nil, game.Reject("not-deployed", "GS-S1.deploy", "gs.not-deployed", "units", strings.Join(left, " "))
		}
		rolls, err := s.readyRolls(cmd.Side, dice)
		if err != nil {
			return nil, err
		}
		d := &decider{s: s, dice: dice}
		if len(zones) > 0 && s.hasUnplaced(cmd.Side) {
			var rest []string
			for i := range s.Units {
				if u := &s.Units[i]; u.Side == cmd.Side && u.deploys() && !u.Placed {
					rest = append(rest, u.ID)
				}
			}
			d.emit(Withdrawn{Side: cmd.Side, Units: rest, Msg: game.M("gs.event.withdrawn.rest", "side", cmd.Side, "units", strings.Join(rest, " "))})
		}
		d.emit(Ready{Side: cmd.Side})
		for _, e := range rolls {
			d.emit(e) // ids may change here (face-down relabelling)
		}
		if s.Ready[cmd.Side.Other()] {
			var all []Placement
			for i := range d.s.Units {
				if u := &d.s.Units[i]; u.Status == game.StatusReserve && u.Placed {
					all = append(all, Placement{Unit: u.ID, At: u.At})
				}
			}
			d.emit(Revealed{Placements: all})
			d.emit(PhaseChanged{Turn: 1, Phase: PhaseMove, Active: game.SideA})
			d.phaseStart()
		}
		return d.evs, nil
	}
	zone := s.zone(cmd.Side)
	if len(cmd.Args) == 1 && strings.EqualFold(cmd.Args[0], "auto") {
		taken := map[grid.Coord]bool{}
		for i := range s.Units {
			if u := &s.Units[i]; u.Placed && (u.Side == cmd.Side || u.OnMap()) {
				taken[u.At] = true
			}
		}
		var ps []Placement
		type part struct {
			free []grid.Coord
			left int
		}
		parts := []part{{free: spread(zone, taken), left: -1}}
		if zones, counts := s.deployCounts(cmd.Side); len(zones) > 0 {
			parts = nil
			for k, z := range zones {
				parts = append(parts, part{free: spread(s.sc.Zones[z], taken), left: counts[k] - s.placedIn(cmd.Side, z)})
			}
		}
		for i := range s.Units {
			u := &s.Units[i]
			if u.Side != cmd.Side || u.Placed || !u.deploys() {
				continue
			}
			k := slices.IndexFunc(parts, func(p part) bool { return p.left != 0 && len(p.free) > 0 })
			if k < 0 {
				if len(parts) == 1 {
					return nil, game.Reject("zone-full", "GS-S1.deploy", "gs.zone-full", "side", cmd.Side)
				}
				break // the rest stays off the map as the reserve
			}
			ps = append(ps, Placement{Unit: u.ID, At: parts[k].free[0]})
			parts[k].free = parts[k].free[1:]
			parts[k].left--
		}
		if len(ps) == 0 {
			return nil, game.Reject("nothing-to-deploy", "GS-S1.deploy", "gs.nothing-to-deploy")
		}
		return []game.Event{Deployed{Side: cmd.Side, Placements: ps}}, nil
	}
	if len(cmd.Args) == 0 || len(cmd.Args)%2 != 0 {
		return nil, game.Reject(game.CodeSyntax, "GS-S1.deploy", "gs.syntax.deploy")
	}
	var ps []Placement
	used := map[grid.Coord]string{}
	for i := 0; i < len(cmd.Args); i += 2 {
		u, err := s.ownUnit(cmd.Side, cmd.Args[i])
		if err != nil {
			return nil, err
		}
		if !u.deploys() {
			if u.Group != "" {
				return nil, game.Reject("reinforcement", "GS-S1.deploy", "gs.reinforcement", "unit", u.ID, "group", u.Group)
			}
			return nil, game.Reject("not-in-reserve", "GS-S1.deploy", "gs.not-in-reserve", "unit", u.ID)
		}
		c, err := s.cell(cmd.Args[i+1])
		if err != nil {
			return nil, err
		}
		if !slices.Contains(zone, c) {
			return nil, game.Reject("outside-zone", "GS-P-19", "gs.outside-zone", "hex", s.label(c), "side", cmd.Side)
		}
		if o := s.placedAt(cmd.Side, c); o != nil && o.ID != u.ID {
			if _, moving := usedUnit(ps, o.ID); !moving {
				return nil, game.Reject("stacking", "GS-2.6", "gs.stacking.deploy", "unit", o.ID, "hex", s.label(c))
			}
		}
		if other, dup := used[c]; dup {
			return nil, game.Reject("stacking", "GS-2.6", "gs.stacking.deploy-both", "unit", other, "unit2", u.ID, "hex", s.label(c))
		}
		if o := s.UnitAt(c); o != nil {
			return nil, game.Reject("stacking", "GS-2.6", "gs.stacking.occupied", "hex", s.label(c))
		}
		used[c] = u.ID
		ps = append(ps, Placement{Unit: u.ID, At: c})
	}
	return []game.Event{Deployed{Side: cmd.Side, Placements: ps}}, nil
}

// canAutoDeploy reports whether "deploy auto" would place anything.
func (s *State) canAutoDeploy(side game.Side) bool {
	if !s.hasUnplaced(side) {
		return false
	}
	zones, counts := s.deployCounts(side)
	for k, z := range zones {
		if s.placedIn(side, z) < counts[k] {
			return true
		}
	}
	return len(zones) == 0
}

// mayBeReady reports whether "ready" would be accepted.
func (s *State) mayBeReady(side game.Side) bool {
	if s.mustWithdraw(side) || s.roadsDue(side) || s.corpsDue(side) || s.drawDue(side) {
		return false
	}
	zones, counts := s.deployCounts(side)
	for k, z := range zones {
		if s.placedIn(side, z) != counts[k] {
			return false
		}
	}
	return len(zones) > 0 || !s.hasUnplaced(side)
}

// placedIn counts side's units set up in a zone.
func (s *State) placedIn(side game.Side, zone string) int {
	n := 0
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && u.Placed && u.deploys() && slices.Contains(s.sc.Zones[zone], u.At) {
			n++
		}
	}
	return n
}

func usedUnit(ps []Placement, id string) (Placement, bool) {
	for _, p := range ps {
		if p.Unit == id {
			return p, true
		}
	}
	return Placement{}, false
}

// spread orders the free cells of a zone so that automatic deployment
// puts units side by side along the middle of the zone.
func spread(zone []grid.Coord, taken map[grid.Coord]bool) []grid.Coord {
	if len(zone) == 0 {
		return nil
	}
	minX, maxX := zone[0].X, zone[0].X
	for _, c := range zone {
		minX, maxX = min(minX, c.X), max(maxX, c.X)
	}
	mid := (minX + maxX) / 2
	var free []grid.Coord
	for _, c := range zone {
		if !taken[c] {
			free = append(free, c)
		}
	}
	slices.SortFunc(free, func(a, b grid.Coord) int {
		da, db := abs(a.X-mid), abs(b.X-mid)
		if da != db {
			return da - db
		}
		if a.Y != b.Y {
			return a.Y - b.Y
		}
		return a.X - b.X
	})
	return free
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// legalSetup lists deployment orders.
func (s *State) legalSetup(side game.Side) []game.Option {
	if !side.Valid() || s.Ready[side] { // a spectator gives no orders
		return nil
	}
	var out []game.Option
	taken := map[grid.Coord]bool{}
	for i := range s.Units {
		if u := &s.Units[i]; u.Placed && (u.Side == side || u.OnMap()) {
			taken[u.At] = true
		}
	}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || !u.deploys() {
			continue
		}
		node := game.Option{Label: u.ID}
		for _, c := range s.zone(side) {
			if !taken[c] {
				node.Children = append(node.Children, game.Option{Label: s.label(c), Command: fmt.Sprintf("deploy %s %s", u.ID, s.label(c))})
			}
		}
		out = append(out, node)
	}
	if s.mustWithdraw(side) {
		out = append(out, choice(game.M("gs.option.withdraw-auto-reserve"), "withdraw auto"))
	}
	if s.roadsDue(side) {
		out = append(out, choice(game.M("gs.option.roads-auto"), "roads auto"))
	}
	if s.corpsDue(side) {
		out = append(out, choice(game.M("gs.option.form-auto"), "form auto"))
	}
	if s.drawDue(side) {
		return []game.Option{choice(game.M("gs.option.draw-forces"), "draw-forces")}
	}
	if s.canAutoDeploy(side) {
		out = append(out, choice(game.M("gs.option.deploy-auto"), "deploy auto"))
	}
	if s.mayBeReady(side) {
		out = append(out, choice(game.M("gs.option.ready"), "ready"))
	}
	return out
}
