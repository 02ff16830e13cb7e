package sdc_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/sdc"
	"github.com/grognard/grognard/internal/casetest"
)

// TestCases runs testdata/cases/*.txtar, the digest's worked examples
// (see package casetest for the format), with these assertions:
//
//	facing UNIT NE|E|SE|SW|W|NW     disordered UNIT · steady UNIT
//	square UNIT · line UNIT          formation HEAD SECOND · single UNIT
//	default ORDER                    the first pending decision's default
//	rerolls SENIOR N                 a division or corps general's rerolls left
//	batterie UNIT N                  the grande batterie UNIT stands in has N guns (0: none)
//	totals A=N D=N [face=F]          the last combat's totals
//	fire score=N total=N margin=N    the last shot
//	recoiled UNIT N                  UNIT's last recoil covered N hexes
//	brigade-destroyed GENERAL        routed or lost (SDC-18.1)
//	initiative SIDE                  the last initiative winner
//	controls SIDE|nobody CELL        objective control (SDC-4.13)
//	broken A=yes|no B=yes|no         the last end-of-turn army morale
//	legal SIDE ORDER · not-legal SIDE ORDER
//	event KIND [COUNT] · no-event KIND
func TestCases(t *testing.T) {
	casetest.Run(t, sdc.New(), "testdata", "SDC-", sdcAssert)
}

func sdcAssert(c *casetest.Case, w []string) (bool, error) {
	s := c.Game.State.(*sdc.State)
	el := func() (*sdc.Element, error) {
		if len(w) < 2 {
			return nil, fmt.Errorf("name an element")
		}
		e := s.Element(w[1])
		if e == nil {
			return nil, fmt.Errorf("no element %s", w[1])
		}
		return e, nil
	}
	kv := func(got map[string]string) error {
		for _, p := range w[1:] {
			k, v, _ := strings.Cut(p, "=")
			if got[k] != v {
				return fmt.Errorf("%s = %s, want %s", k, got[k], v)
			}
		}
		return nil
	}
	switch w[0] {
	case "facing", "disordered", "steady", "square", "line", "single":
		e, err := el()
		if err != nil {
			return true, err
		}
		switch w[0] {
		case "facing":
			if sdc.FacingName(e.Facing) != w[2] {
				return true, fmt.Errorf("%s faces %s", e.ID, sdc.FacingName(e.Facing))
			}
		case "disordered", "steady":
			if e.Disordered != (w[0] == "disordered") {
				return true, fmt.Errorf("%s disordered = %v", e.ID, e.Disordered)
			}
		case "square", "line":
			if e.Square != (w[0] == "square") {
				return true, fmt.Errorf("%s square = %v", e.ID, e.Square)
			}
		case "single":
			if e.Head != "" || slices.ContainsFunc(s.Elements, func(x sdc.Element) bool { return !x.Gone && x.Head == e.ID }) {
				return true, fmt.Errorf("%s is in an attack formation", e.ID)
			}
		}
	case "batterie":
		e, err := el()
		if err != nil {
			return true, err
		}
		if n := len(s.Batterie(e)); fmt.Sprint(n) != w[2] {
			return true, fmt.Errorf("%s stands in a batterie of %d", e.ID, n)
		}
	case "rerolls":
		for _, g := range s.Seniors {
			if g.ID == w[1] {
				if fmt.Sprint(g.Rerolls) != w[2] {
					return true, fmt.Errorf("%s has %d rerolls", g.ID, g.Rerolls)
				}
				return true, nil
			}
		}
		return true, fmt.Errorf("no senior general %s", w[1])
	case "formation":
		b := s.Element(w[2])
		if b == nil || b.Head != w[1] {
			return true, fmt.Errorf("%s is not behind %s", w[2], w[1])
		}
	case "totals":
		var last *sdc.Fought
		for _, e := range c.Events {
			if f, ok := e.(sdc.Fought); ok {
				last = &f
			}
		}
		if last == nil {
			return true, fmt.Errorf("no combat")
		}
		if err := kv(map[string]string{"A": fmt.Sprint(last.A), "D": fmt.Sprint(last.D), "face": last.Face}); err != nil {
			return true, fmt.Errorf("%v (%s)", err, game.Narrate("en", *last))
		}
	case "fire":
		var last *sdc.Fired
		for _, e := range c.Events {
			if f, ok := e.(sdc.Fired); ok {
				last = &f
			}
		}
		if last == nil {
			return true, fmt.Errorf("no shot")
		}
		if err := kv(map[string]string{"score": fmt.Sprint(last.Score), "total": fmt.Sprint(last.Total), "margin": fmt.Sprint(last.Margin), "range": fmt.Sprint(last.Range), "lost": last.Lost}); err != nil {
			return true, fmt.Errorf("%v (%s)", err, game.Narrate("en", *last))
		}
	case "recoiled":
		n := -1
		for _, e := range c.Events {
			if r, ok := e.(sdc.Recoiled); ok && r.Unit == w[1] {
				n = len(r.Path) - 1
			}
		}
		if fmt.Sprint(n) != w[2] {
			return true, fmt.Errorf("%s recoiled %d hexes", w[1], n)
		}
	case "brigade-destroyed":
		g := s.General(w[1])
		if g == nil || !g.Destroyed {
			return true, fmt.Errorf("the brigade of %s stands", w[1])
		}
	case "initiative":
		if s.Winner.String() != w[1] {
			return true, fmt.Errorf("initiative to %s", s.Winner)
		}
	case "controls":
		at, err := s.Scenario().Map.Grid.Parse(w[2])
		if err != nil {
			return true, err
		}
		got := "nobody"
		if sd := s.Controls(at); sd.Valid() {
			got = sd.String()
		}
		if got != w[1] {
			return true, fmt.Errorf("%s holds %s", got, w[2])
		}
	case "broken":
		var last *sdc.TurnEnded
		for _, e := range c.Events {
			if te, ok := e.(sdc.TurnEnded); ok {
				last = &te
			}
		}
		if last == nil {
			return true, fmt.Errorf("no end of turn")
		}
		yn := map[bool]string{true: "yes", false: "no"}
		if err := kv(map[string]string{"A": yn[last.Broken[game.SideA]], "B": yn[last.Broken[game.SideB]]}); err != nil {
			return true, err
		}
	default:
		return false, nil
	}
	return true, nil
}
