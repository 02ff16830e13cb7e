package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

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
func (p *phaseImages) write(mt *match) error {
	b := mt.g.Rules.(game.Boarder).Board(mt.g.State, game.Nobody)
	b.Legend.Game = mt.g.Scenario.ID
	png, err := boardPNG(b)
	if err != nil {
		return err
	}
	p.n++
	c := mt.g.State.Clock()
	name := fmt.Sprintf("%03d-t%02d-%s-%s.png", p.n, c.Turn, c.Phase, c.Active)
	p.last = filepath.Join(p.dir, name)
	return os.WriteFile(p.last, png, 0o644)
}
