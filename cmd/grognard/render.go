package main

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/rules/all"
	"github.com/grognard/grognard/render"
)

// renderer is shared by every image the program draws; it caches each
// map's static layer and the counter sprites.
var renderer = render.New()

func init() {
	register(subcommand{
		name:  "render",
		usage: "--scenario ID|FILE --out FILE [--side A|B] [--zoom CELL:R] — draw the opening position as a PNG",
		run:   runRender,
	})
	boardPNG = renderer.PNG
}

func runRender(m *Main, ctx context.Context, args []string) error {
	fs := m.newFlags("render")
	scen := fs.String("scenario", "gs-1", "scenario id or .toml file")
	sideFlag := fs.String("side", "", "draw what side A or B sees (default: the public view)")
	zoom := fs.String("zoom", "", "crop around a cell at a larger scale for phones: CELL:RADIUS, e.g. 0512:3")
	out := fs.String("out", "", "write the PNG to this file (required)")
	opts := optionFlags{}
	fs.Var(opts, "option", "ruleset option name=value (repeatable)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return usageError{"render: --out is required"}
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("render: unexpected argument %q", fs.Arg(0))}
	}
	viewer := game.Nobody
	if *sideFlag != "" {
		v, err := game.ParseSide(*sideFlag)
		if err != nil || !v.Valid() {
			return usageError{"render: --side takes A or B"}
		}
		viewer = v
	}
	sc, err := loadScenario(*scen)
	if err != nil {
		return err
	}
	if sc.Map == nil || sc.Map.Grid == nil {
		return fmt.Errorf("render: scenario %s has no map", sc.ID)
	}
	b, err := openingBoard(sc, game.Options(opts), viewer)
	if err != nil {
		return err
	}
	b.Legend.Game = sc.ID

	var png []byte
	what := "board"
	if *zoom != "" {
		c, radius, err := parseZoom(sc.Map.Grid, *zoom)
		if err != nil {
			return usageError{err.Error()}
		}
		png, err = renderer.Zoom(b, c, radius)
		if err != nil {
			return err
		}
		what = fmt.Sprintf("zoom %s ±%d", sc.Map.Label(c), radius)
	} else if png, err = renderer.PNG(b); err != nil {
		return err
	}
	if err := os.WriteFile(*out, png, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "%s: %s of %s, %s view, %d bytes\n", *out, what, sc.ID, viewName(viewer), len(png))
	return nil
}

func viewName(s game.Side) string {
	if s.Valid() {
		return "side " + s.String()
	}
	return "public"
}

// parseZoom reads CELL:RADIUS ("0512:3"); the radius defaults to 3.
func parseZoom(g grid.Grid, s string) (grid.Coord, int, error) {
	cell, rad, hasRad := strings.Cut(s, ":")
	c, err := g.Parse(cell)
	if err != nil {
		return grid.Coord{}, 0, fmt.Errorf("--zoom: %v", err)
	}
	radius := 3
	if hasRad {
		radius, err = strconv.Atoi(strings.TrimSpace(rad))
		if err != nil || radius < 0 || radius > render.MaxZoomRadius {
			return grid.Coord{}, 0, fmt.Errorf("--zoom: radius %q: want 0 to %d", rad, render.MaxZoomRadius)
		}
	}
	return c, radius, nil
}

// openingBoard is the board at the start of a scenario as viewer sees it:
// drawn by the ruleset when it can draw boards, otherwise straight from
// the scenario's units (those with a starting cell), which shows the map
// and the set-up of any ruleset.
func openingBoard(sc *game.Scenario, opts game.Options, viewer game.Side) (*game.Board, error) {
	if r, err := all.Get(sc.Ruleset); err == nil {
		if br, ok := r.(game.Boarder); ok {
			// a set-up that rolls is settled by a fixed stream of dice
			sc, err := game.SetUp(r, sc, opts, dice.SetUpDice([]byte("render")))
			if err != nil {
				return nil, err
			}
			st, err := r.Start(sc, opts)
			if err != nil {
				return nil, err
			}
			return br.Board(st, viewer), nil
		}
	}
	return scenarioBoard(sc, viewer), nil
}

// scenarioBoard draws a scenario's units where they start. Units flagged
// as hidden from the other side show no values to it.
func scenarioBoard(sc *game.Scenario, viewer game.Side) *game.Board {
	b := &game.Board{Map: sc.Map, Viewer: viewer}
	for _, u := range sc.Units {
		p := game.Piece{ID: u.ID, Side: u.Side, Type: u.Type, Name: u.Name, Status: game.StatusReserve, Flags: u.Flags, Values: sc.Faces[u.Type].Format(u.Values)}
		if p.Values == "" {
			p.Values = unitValues(u.Values)
		}
		if u.At != nil {
			at := *u.At
			p.At, p.Hex, p.Status = &at, sc.Map.Label(at), game.StatusActive
		}
		for _, f := range u.Flags {
			if f == "face-down" && u.Side != viewer {
				p.Values, p.Type = "", ""
			}
		}
		b.Pieces = append(b.Pieces, p)
	}
	for _, ob := range sc.Objectives {
		for _, c := range ob.Cells {
			b.Marks = append(b.Marks, game.Mark{At: c, Kind: "objective", Label: ob.Name})
		}
	}
	b.Legend = game.Legend{Scenario: sc.Title, Turn: 1, Turns: sc.Turns, Phase: "set-up"}
	b.DrawFrom(sc, nil, viewer)
	return b
}

// unitValues prints a unit's values as on a counter: the usual combat and
// movement names first ("6-4"), any others after, in name order.
func unitValues(v map[string]int) string {
	if len(v) == 0 {
		return ""
	}
	rank := func(k string) int {
		switch strings.ToLower(k) {
		case "pc", "combat", "strength", "cf", "attack":
			return 0
		case "defense", "defence":
			return 1
		case "mp", "move", "movement", "ma":
			return 2
		}
		return 3
	}
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if rank(keys[i]) != rank(keys[j]) {
			return rank(keys[i]) < rank(keys[j])
		}
		return keys[i] < keys[j]
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = strconv.Itoa(v[k])
	}
	return strings.Join(parts, "-")
}
