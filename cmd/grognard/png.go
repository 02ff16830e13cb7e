package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/grognard/grognard/bot/console"
	"github.com/grognard/grognard/game"
)

// boardPNG draws a board; render.go sets it.
var boardPNG func(b *game.Board) ([]byte, error)

// phaseImages writes the board after every phase (play --png-dir).
type phaseImages struct {
	dir  string
	n    int
	last string
}

func newPhaseImages(dir string, mt *match) (*phaseImages, error) {
	if boardPNG == nil {
		return nil, errors.New("--png-dir: this build has no board renderer")
	}
	if _, ok := mt.g.Rules.(game.Boarder); !ok {
		return nil, fmt.Errorf("--png-dir: the %s ruleset cannot draw its board", mt.g.Rules.Name())
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return &phaseImages{dir: dir}, nil
}

// write draws the public view of the current position.
func (p *phaseImages) write(mt *match) error { return p.draw(mt, game.Nobody) }

// draw draws the current position as viewer sees it (game.Nobody: the
// public view).
func (p *phaseImages) draw(mt *match, viewer game.Side) error {
	b := mt.g.Rules.(game.Boarder).Board(mt.g.State, viewer)
	b.Legend.Game = mt.g.Scenario.ID
	png, err := boardPNG(b)
	if err != nil {
		return err
	}
	p.n++
	// Named by the game (scenario and seed) and its log position, so that
	// another run never overwrites this one's images (console.FreePath
	// numbers a name already taken by other bytes).
	c := mt.g.State.Clock()
	name := fmt.Sprintf("%s-%x-%04d-t%02d-%s-%s", mt.g.Scenario.ID, mt.seed[:min(4, len(mt.seed))], len(mt.recs), c.Turn, c.Phase, c.Active)
	if viewer.Valid() {
		name += "-view" + viewer.String()
	}
	if p.last, err = console.FreePath(p.dir, name+".png", png); err != nil {
		return err
	}
	return os.WriteFile(p.last, png, 0o644)
}
