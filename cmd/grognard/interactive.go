package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
)

const playHelp = `Type orders for the side whose turn it is (prefix "A:" or "B:" to order for a side explicitly, as during a simultaneous set-up).
  legal [UNIT]               the orders you may give now (all of them are accepted)
  choose N (or just N)       pick option N of the pending decision
  undo                       take back your last order if no die was rolled in this phase
  board [A|B]                write the board (public, or as A or B sees it) as a PNG and print its path
  status · units [A|B] · help · quit
Grands Stratèges orders: move UNIT HEX · attack UNIT… -> TARGET… · bombard UNIT… -> TARGET · retreat/advance/lose …
· deploy UNIT HEX · deploy auto · ready · end (docs/orders.md). Peter the Great: docs/ptg.md.`

// interactive plays hot-seat at the terminal.
func (m *Main) interactive(ctx context.Context, mt *match, imgs *phaseImages) error {
	fmt.Fprintf(m.Stdout, "%s — %s (%s)\n", mt.g.Rules.Title(), mt.g.Scenario.Title, mt.g.Scenario.ID)
	fmt.Fprintf(m.Stdout, "dice commitment (SHA-256 of the seed): %s\n", dice.Commitment(mt.seed))
	fmt.Fprintln(m.Stdout, `type "help" for the orders`)
	in := bufio.NewScanner(m.Stdin)
	shown := 0
	for {
		if err := ctx.Err(); err != nil {
			return nil
		}
		shown = min(shown, len(mt.events)) // an undo removes events
		for ; shown < len(mt.events); shown++ {
			e := mt.events[shown]
			if e.Text == "" {
				continue // bookkeeping with nothing to say
			}
			if game.VisibleTo(e.event, game.Nobody) {
				fmt.Fprintf(m.Stdout, "  %s\n", e.Text)
			} else {
				fmt.Fprintf(m.Stdout, "  (%s: a secret order was recorded)\n", e.Side)
			}
		}
		fmt.Fprintln(m.Stdout, statusLine(mt))
		if o := mt.g.State.Outcome(); o.Over {
			for _, l := range o.Lines {
				fmt.Fprintf(m.Stdout, "  %s %s: %d\n", l.Side, l.Item, l.Points)
			}
			fmt.Fprintf(m.Stdout, "dice seed revealed: %x\n", mt.seed)
			return nil
		}
		for _, d := range mt.g.State.Pending() {
			fmt.Fprintln(m.Stdout, d.Describe())
		}
		waiting := game.Waiting(mt.g.State)
		prompt := "?"
		if len(waiting) > 0 {
			prompt = waiting[0].String()
		}
		fmt.Fprintf(m.Stdout, "%s> ", prompt)
		if !in.Scan() {
			fmt.Fprintln(m.Stdout)
			return in.Err()
		}
		line := strings.TrimSpace(in.Text())
		if line == "" {
			continue
		}
		side := game.Nobody
		if len(waiting) > 0 {
			side = waiting[0]
		}
		if s, order, ok, err := parseScriptLine(line); err == nil && ok {
			side, line = s, order
		}
		words := strings.Fields(line)
		switch strings.ToLower(words[0]) {
		case "quit", "exit":
			return nil
		case "help":
			fmt.Fprintln(m.Stdout, playHelp)
			continue
		case "status":
			continue
		case "units":
			m.printUnits(mt, words[1:])
			continue
		case "legal":
			m.printLegal(mt, side, words[1:])
			continue
		case "board":
			if err := m.printBoard(mt, words[1:], imgs); err != nil {
				fmt.Fprintln(m.Stdout, "board:", err)
			}
			continue
		}
		if !side.Valid() {
			fmt.Fprintln(m.Stdout, "say which side orders: A: … or B: …")
			continue
		}
		before := mt.g.State.Clock()
		rec, err := mt.order(side, line)
		if err == nil && strings.EqualFold(words[0], "undo") {
			fmt.Fprintf(m.Stdout, "  undone: %s: %s\n", rec.Command.Side, rec.Text)
		}
		if err != nil {
			if errors.Is(err, game.ErrDiceExhausted) {
				return err
			}
			if re, ok := game.AsRuleError(err); ok {
				fmt.Fprintf(m.Stdout, "refused: %s\n", re.Error())
			} else {
				fmt.Fprintf(m.Stdout, "refused: %v\n", err)
			}
			continue
		}
		if imgs != nil && mt.g.State.Clock() != before {
			if err := imgs.write(mt); err != nil {
				fmt.Fprintln(m.Stderr, "board image:", err)
			} else {
				fmt.Fprintln(m.Stdout, "  board:", imgs.last)
			}
		}
	}
}

func (m *Main) printUnits(mt *match, args []string) {
	only := game.Nobody
	if len(args) > 0 {
		only, _ = game.ParseSide(args[0])
	}
	for _, p := range mt.g.State.Pieces() {
		if only.Valid() && p.Side != only {
			continue
		}
		fmt.Fprintf(m.Stdout, "  %-4s %s %-5s %-10s %-5s %s\n", p.ID, p.Side, p.Name, p.Type, p.Values, orDash(p.Hex, p.Status))
	}
}

func orDash(hex, status string) string {
	if status == game.StatusActive {
		return hex
	}
	return status
}

func (m *Main) printLegal(mt *match, side game.Side, args []string) {
	opts := game.Legal(mt.g.Rules, mt.g.State, side)
	for _, o := range opts {
		if len(args) > 0 && !strings.EqualFold(o.Label, args[0]) {
			continue
		}
		leaves := game.Leaves([]game.Option{o})
		sort.Strings(leaves)
		if len(leaves) > 12 && len(args) == 0 {
			fmt.Fprintf(m.Stdout, "  %s: %d orders (legal %s to list them)\n", o.Label, len(leaves), o.Label)
			continue
		}
		for _, l := range leaves {
			fmt.Fprintf(m.Stdout, "  %s\n", l)
		}
	}
}

// printBoard writes the board as a PNG, public or as side A or B sees it,
// into --png-dir (or a folder of the system's temporary directory) and
// prints its path.
func (m *Main) printBoard(mt *match, args []string, imgs *phaseImages) error {
	viewer := game.Nobody
	if len(args) > 0 {
		s, err := game.ParseSide(args[0])
		if err != nil || !s.Valid() {
			return errors.New("board takes A, B or nothing (the public view)")
		}
		viewer = s
	}
	if imgs == nil {
		var err error
		if imgs, err = newPhaseImages(filepath.Join(os.TempDir(), "grognard-play"), mt); err != nil {
			return err
		}
	}
	if err := imgs.draw(mt, viewer); err != nil {
		return err
	}
	fmt.Fprintln(m.Stdout, "  board:", imgs.last)
	return nil
}
