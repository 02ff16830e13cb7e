package sdc

import (
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Deployment by the players (param deploy = "players", SDC-5.1 … 5.4):
// the winner of the deployment initiative says who deploys first, then
// the players alternate, one brigade at a time (its general and all its
// elements) inside their own zone; a player with no brigade left lets the
// other deploy the rest. Flank-marching brigades are not deployed.
const (
	PhaseDeployOrder = "deploy-order"
	PhaseDeploy      = "deploy"
)

// DeployOrder: the deployment initiative's winner chose who deploys first.
type DeployOrder struct {
	Side  game.Side `json:"side"`
	First game.Side `json:"first"`
}

func (DeployOrder) Kind() string     { return "deploy-order" }
func (e DeployOrder) apply(s *State) { s.Phase, s.Active = PhaseDeploy, e.First }
func (e DeployOrder) Message() game.Msg {
	return game.M("sdc.ev.deploy-order", "side", e.Side, "first", e.First)
}

// Deployed: one brigade placed (SDC-5.3).
type Deployed struct {
	General string       `json:"general"`
	Cells   []grid.Coord `json:"cells"` // the general's, then his elements' in order
	Units   []string     `json:"units"`
	Facing  int          `json:"facing"`
	Next    game.Side    `json:"next"`
}

func (Deployed) Kind() string { return "deployed" }
func (e Deployed) apply(s *State) {
	g := s.General(e.General)
	g.Off, g.At = false, e.Cells[0]
	for i, id := range e.Units {
		x := s.Element(id)
		x.Off, x.At, x.Facing = false, e.Cells[i+1], e.Facing
	}
	s.ToDeploy = slices.DeleteFunc(slices.Clone(s.ToDeploy), func(id string) bool { return id == e.General })
	if len(s.ToDeploy) == 0 {
		s.Phase, s.Active = PhaseInitiative, game.SideA
		return
	}
	s.Active = e.Next
}

func (e Deployed) Message() game.Msg {
	return game.M("sdc.ev.deployed", "general", e.General, "n", len(e.Units))
}

// toDeploy lists side's brigades still to deploy.
func (s *State) toDeploy(side game.Side) []string {
	var out []string
	for _, id := range s.ToDeploy {
		if s.General(id).Side == side {
			out = append(out, id)
		}
	}
	return out
}

// deployCheck says why a piece of kind k may not deploy in c, or "".
func (s *State) deployCheck(side game.Side, k *Kind, c grid.Coord) string {
	cols, _ := s.m.g.Size()
	switch {
	case !s.m.g.Contains(c) || !InZone(cols, side, c):
		return "zone"
	case s.unitAt(c) != nil || s.m.river(c) || s.enemyGeneralAt(side, c):
		return "occupied"
	case k != nil && !s.m.stoppable(k, c):
		return "terrain"
	}
	return ""
}

// deploy places one brigade: "deploy GENERAL GENERAL-HEX HEX …".
func (x *decider) deployBrigade(args []string) error {
	s := x.t
	if s.Phase != PhaseDeploy {
		return reject(game.CodeWrongPhase, "SDC-5.3", "sdc.wrong-phase", "phase", term(s.Phase))
	}
	if x.side != s.Active {
		return reject(game.CodeWrongSide, "SDC-5.3", "sdc.not-your-turn", "side", s.Active)
	}
	if len(args) < 2 {
		return reject(game.CodeSyntax, "", "sdc.syntax", "usage", "deploy GENERAL GENERAL-HEX HEX …")
	}
	g := s.General(args[0])
	if g == nil || g.Side != x.side || !slices.Contains(s.ToDeploy, g.ID) {
		return reject("not-to-deploy", "SDC-5.3", "sdc.deploy.general", "unit", game.Plain(args[0]))
	}
	var units []*Element
	for _, e := range s.brigade(g.ID) {
		if !e.Gone {
			units = append(units, e)
		}
	}
	if len(args) != len(units)+2 {
		return reject(game.CodeSyntax, "SDC-5.3", "sdc.enter.count", "n", len(units)+1)
	}
	ev := Deployed{General: g.ID, Facing: 1}
	if g.Side == game.SideB {
		ev.Facing = 4
	}
	for i, a := range args[1:] {
		c, err := s.m.g.Parse(a)
		if err != nil {
			return reject(game.CodeBadCell, "", "sdc.bad-cell", "cell", game.Plain(a))
		}
		var k *Kind
		if i > 0 {
			k = s.kind(units[i-1])
			if slices.Contains(ev.Cells[1:], c) {
				return reject("cannot-deploy", "SDC-5.2", "sdc.deploy.occupied", "cell", s.label(c))
			}
		}
		if why := s.deployCheck(g.Side, k, c); why != "" {
			return reject("cannot-deploy", "SDC-5.2", "sdc.deploy."+why, "cell", s.label(c))
		}
		ev.Cells = append(ev.Cells, c)
	}
	for _, e := range units {
		ev.Units = append(ev.Units, e.ID)
	}
	ev.Next = x.side
	if other := x.side.Other(); len(s.toDeploy(other)) > 0 {
		ev.Next = other
	}
	x.emit(ev)
	return nil
}

// deployTemplate is the default deployment of a brigade (TBL-26): its
// elements in ranks of up to five at the front of the zone, in the band
// of rows of the brigade's rank among its side's generals, the general
// behind; "" when it does not fit.
func (s *State) deployTemplate(g *General) string {
	cols, rows := s.m.g.Size()
	var gens []string
	for i := range s.Generals {
		if o := &s.Generals[i]; o.Side == g.Side {
			gens = append(gens, o.ID)
		}
	}
	n := max(len(gens), 1)
	b := slices.Index(gens, g.ID)
	lo, hi := b*rows/n, (b+1)*rows/n
	mid := (lo + hi) / 2
	front := ZoneDepth - 1
	if g.Side == game.SideB {
		front = cols - ZoneDepth
	}
	col := func(k int) int {
		if g.Side == game.SideB {
			return front + k
		}
		return front - k
	}
	used := map[grid.Coord]bool{}
	var cells []grid.Coord
	last := 0
	for _, e := range s.brigade(g.ID) {
		if e.Gone {
			continue
		}
		found := false
		for k := 0; k < ZoneDepth-1 && !found; k++ {
			for _, dy := range []int{0, -1, 1, -2, 2} {
				c := grid.Coord{X: col(k), Y: mid + dy}
				if c.Y >= lo && c.Y < hi && !used[c] && s.deployCheck(g.Side, s.kind(e), c) == "" {
					used[c], found = true, true
					cells = append(cells, c)
					last = max(last, k)
					break
				}
			}
		}
		if !found {
			return ""
		}
	}
	for _, k := range []int{last + 1, last, last + 2} {
		for _, dy := range []int{0, -1, 1, -2, 2, -3, 3} {
			if c := (grid.Coord{X: col(k), Y: mid + dy}); !used[c] && s.deployCheck(g.Side, nil, c) == "" {
				words := []string{"deploy", g.ID, s.label(c)}
				for _, x := range cells {
					words = append(words, s.label(x))
				}
				return strings.Join(words, " ")
			}
		}
	}
	return ""
}
