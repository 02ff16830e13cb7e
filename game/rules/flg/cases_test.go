package flg_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/flg"
	"github.com/grognard/grognard/internal/casetest"
)

// TestCases runs testdata/cases/*.txtar, the digest's worked examples
// (FLG-TC-…; see package casetest for the format). Positions are on the
// kernel's flat-topped hex grid: the digest's axial (q, r) of FLG-P-2 is
// column r+1, row q+(r−r mod 2)/2+1 (CCRR labels from 0101), so side A
// (South) keeps the west edge and side B (North) the east edge; each
// header gives the mapping it uses. Units and officers are scenario
// params (Start documents them). The Frédéric le Grand assertions:
//
//	stands UNIT N                 the unit's stands
//	dice UNIT TARGET N [riposte]  the dice UNIT would roll against TARGET now
//	supported UNIT OTHER attacked|attacking yes|no
//	sight FROM TO clear|blocked [rifle]
//	combat K key=value…           the K-th combat event (from 1): dice hits morale ignored retreat losses
//	                              made (hexes retreated) ta (TA readings joined by +) faces (joined by +)
//	                              desertion (faces joined by +) destroyed (yes|no) cancelled riposte
//	officer ID HEX|gone           where an officer is
//	lost SIDE N                   units counted lost
//	level LEVEL · threshold SIDE N   the victory level (FLG-T15); demoralisation threshold
//	static UNIT yes|no · carry UNIT N · activated UNIT yes|no
//	acts N SIZE…                  activations of an army of N units (FLG-T3)
//	legal SIDE ORDER · not-legal SIDE ORDER
//	event KIND [COUNT] · no-event KIND
func TestCases(t *testing.T) {
	casetest.Run(t, flg.New(), "testdata", "FLG-", flgAssert)
}

func flgAssert(c *casetest.Case, w []string) (bool, error) {
	s := c.Game.State.(*flg.State)
	unit := func(id string) (*flg.Unit, error) {
		u := s.Unit(id)
		if u == nil {
			return nil, fmt.Errorf("no unit %s", id)
		}
		return u, nil
	}
	switch w[0] {
	case "stands":
		u, err := unit(w[1])
		if err != nil {
			return true, err
		}
		if strconv.Itoa(u.Stands) != w[2] {
			return true, fmt.Errorf("%s has %d stands", u.ID, u.Stands)
		}
	case "dice":
		a, err := unit(w[1])
		if err != nil {
			return true, err
		}
		t, err := unit(w[2])
		if err != nil {
			return true, err
		}
		n, why := s.Dice(a, t, len(w) > 4 && w[4] == "riposte")
		if strconv.Itoa(n) != w[3] {
			return true, fmt.Errorf("%d dice (%s)", n, strings.Join(why, ", "))
		}
	case "supported":
		a, err := unit(w[1])
		if err != nil {
			return true, err
		}
		o, err := unit(w[2])
		if err != nil {
			return true, err
		}
		if got := s.Supported(a, o, w[3] == "attacked"); got != (w[4] == "yes") {
			return true, fmt.Errorf("supported = %v", got)
		}
	case "sight":
		a, err := s.Scenario().Map.Grid.Parse(w[1])
		if err != nil {
			return true, err
		}
		b, err := s.Scenario().Map.Grid.Parse(w[2])
		if err != nil {
			return true, err
		}
		arty := !(len(w) > 4 && w[4] == "rifle")
		if got := s.Sight(a, b, arty); got != (w[3] == "clear") {
			return true, fmt.Errorf("sight %s → %s clear = %v", w[1], w[2], got)
		}
		if s.Sight(a, b, arty) != s.Sight(b, a, arty) {
			return true, fmt.Errorf("sight %s ↔ %s is not symmetric (FLG-4.15)", w[1], w[2])
		}
	case "combat":
		k, _ := strconv.Atoi(w[1])
		var combats []flg.Combat
		for _, e := range c.Events {
			if x, ok := e.(flg.Combat); ok {
				combats = append(combats, x)
			}
		}
		if k < 1 || k > len(combats) {
			return true, fmt.Errorf("%d combat events", len(combats))
		}
		e := combats[k-1]
		yn := map[bool]string{true: "yes", false: "no"}
		got := map[string]string{
			"dice": strconv.Itoa(e.Dice), "hits": strconv.Itoa(e.Hits), "morale": strconv.Itoa(e.Morale),
			"ignored": strconv.Itoa(e.Ignored), "retreat": strconv.Itoa(e.Retreat), "losses": strconv.Itoa(e.Losses),
			"made": strconv.Itoa(max(len(e.Path)-1, 0)), "ta": strings.Join(e.TA, "+"), "faces": strings.Join(e.Faces, "+"),
			"desertion": strings.Join(e.Desertion, "+"), "destroyed": yn[e.Destroyed], "cancelled": yn[e.Cancelled],
			"riposte": yn[e.Riposte], "attacker": e.Attacker, "target": e.Target, "preemptive": yn[e.PreEmptive],
		}
		for _, kv := range w[2:] {
			key, v, _ := strings.Cut(kv, "=")
			if got[key] != v {
				return true, fmt.Errorf("combat %d: %s = %q (%s)", k, key, got[key], game.Narrate("en", e))
			}
		}
	case "officer":
		o := s.Officer(w[1])
		if o == nil {
			return true, fmt.Errorf("no officer %s", w[1])
		}
		if w[2] == "gone" {
			if !o.Gone {
				return true, fmt.Errorf("%s is at %s", o.ID, s.Scenario().Map.Label(o.At))
			}
			return true, nil
		}
		if o.Gone || s.Scenario().Map.Label(o.At) != w[2] {
			return true, fmt.Errorf("%s is at %s (gone %v)", o.ID, s.Scenario().Map.Label(o.At), o.Gone)
		}
	case "lost":
		sd, err := game.ParseSide(w[1])
		if err != nil {
			return true, err
		}
		if strconv.Itoa(s.Lost[sd]) != w[2] {
			return true, fmt.Errorf("side %s lost %d", w[1], s.Lost[sd])
		}
	case "static", "activated":
		u, err := unit(w[1])
		if err != nil {
			return true, err
		}
		got := u.Static
		if w[0] == "activated" {
			got = u.Activated
		}
		if got != (w[2] == "yes") {
			return true, fmt.Errorf("%s %s = %v", u.ID, w[0], got)
		}
	case "level":
		var lvl string
		for _, e := range c.Events {
			if x, ok := e.(flg.Ended); ok {
				lvl = x.Level
			}
		}
		if lvl != w[1] {
			return true, fmt.Errorf("victory level %q", lvl)
		}
	case "threshold":
		sd, err := game.ParseSide(w[1])
		if err != nil {
			return true, err
		}
		if strconv.Itoa(s.Threshold(sd)) != w[2] {
			return true, fmt.Errorf("threshold %d", s.Threshold(sd))
		}
	case "carry":
		u, err := unit(w[1])
		if err != nil {
			return true, err
		}
		if strconv.Itoa(u.Carry+u.CarryNext) != w[2] {
			return true, fmt.Errorf("%s carries %d+%d", u.ID, u.Carry, u.CarryNext)
		}
	case "acts":
		n, _ := strconv.Atoi(w[1])
		got := flg.ActivationSizes(n)
		if fmt.Sprint(got) != "["+strings.Join(w[2:], " ")+"]" {
			return true, fmt.Errorf("activations %v", got)
		}
	default:
		return false, nil
	}
	return true, nil
}
