package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/all"
	"github.com/grognard/grognard/scenarios"
)

func init() {
	register(subcommand{name: "play", usage: "play a scenario hot-seat in the terminal, or run an order script (--script, --json)", run: runPlay})
}

// optionFlags collects repeated --option name=value flags.
type optionFlags game.Options

func (o optionFlags) String() string { return "" }
func (o optionFlags) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok || k == "" {
		return fmt.Errorf("want name=value, got %q", v)
	}
	o[k] = val
	return nil
}

// loadScenario reads a shipped scenario by id, or a file when the argument
// names one.
func loadScenario(ref string) (*game.Scenario, error) {
	if strings.HasSuffix(ref, ".toml") || strings.ContainsRune(ref, os.PathSeparator) {
		return scenarios.LoadFile(ref)
	}
	return scenarios.Load(ref)
}

// match is a game being played from the terminal or a script: the kernel
// game, its log, and its dice.
type match struct {
	g      *game.Game
	recs   []game.Record
	dice   game.Dice
	fixed  *dice.Fixed
	seed   []byte
	events []shownEvent
}

type shownEvent struct {
	Seq   int             `json:"seq"`
	Side  game.Side       `json:"side"`
	Order string          `json:"order"`
	Kind  string          `json:"kind"`
	Text  string          `json:"text"`
	Data  json.RawMessage `json:"data"`
	event game.Event
	// order is who may read Order (game.RecordAudience of its record).
	order game.Audience
}

func newMatch(sc *game.Scenario, opts game.Options, seed int64, fixed []int) (*match, error) {
	r, err := all.Get(sc.Ruleset)
	if err != nil {
		return nil, err
	}
	// A set-up that rolls (Manœuvre's first player and map sections) is
	// settled from the game's seed, as the bot does.
	if sc, err = game.SetUp(r, sc, opts, dice.SetUpDice(dice.SeedFromInt(seed))); err != nil {
		return nil, err
	}
	g, err := game.Start(r, sc, opts)
	if err != nil {
		return nil, err
	}
	m := &match{g: g, seed: dice.SeedFromInt(seed)}
	if fixed != nil {
		m.fixed = dice.NewFixed(fixed...)
		m.dice = m.fixed
	} else {
		m.dice = &dice.Seeded{Seed: m.seed}
	}
	return m, nil
}

// order applies one line of text for side: "choose N" and bare numbers
// answer the pending decision; "undo" takes back the side's last order if
// no die was rolled in its phase.
func (m *match) order(side game.Side, text string) (game.Record, error) {
	cmd, err := game.ParseCommand(side, text)
	if err != nil {
		return game.Record{}, err
	}
	if cmd.Verb == "undo" {
		if err := game.UndoFree(m.recs, side); err != nil {
			return game.Record{}, err
		}
		g, err := game.Replay(m.g.Rules, m.g.Scenario, m.g.Options, m.recs[:len(m.recs)-1])
		if err != nil {
			return game.Record{}, err
		}
		undone := m.recs[len(m.recs)-1]
		m.g, m.recs = g, m.recs[:len(m.recs)-1]
		kept := m.events[:0]
		for _, e := range m.events {
			if e.Seq != undone.Seq {
				kept = append(kept, e)
			}
		}
		m.events = kept
		return undone, nil
	}
	cmd, err = game.ResolveChoice(m.g.State, cmd)
	if err != nil {
		return game.Record{}, err
	}
	if s, ok := m.dice.(*dice.Seeded); ok {
		s.Next = m.g.Rolls
	}
	rec, err := m.g.Apply(text, cmd, m.dice)
	if err != nil {
		return game.Record{}, err
	}
	m.recs = append(m.recs, rec)
	who := game.RecordAudience(rec)
	for _, e := range rec.Events {
		data, err := json.Marshal(e)
		if err != nil {
			return game.Record{}, err
		}
		m.events = append(m.events, shownEvent{Seq: rec.Seq, Side: side, Order: cmd.String(), Kind: e.Kind(), Text: explain(e), Data: data, event: e, order: who})
	}
	return rec, nil
}

func explain(e game.Event) string {
	if x, ok := e.(game.Explainer); ok {
		return x.Explain()
	}
	return e.Kind()
}

// rejection is a refused script line. It belongs to the side that gave
// the order (game.RefusalAudience): --side shows a side its own only.
type rejection struct {
	Line    int       `json:"line"`
	Side    game.Side `json:"side"`
	Order   string    `json:"order"`
	Code    string    `json:"code"`
	Rule    string    `json:"rule"`
	Message string    `json:"message"`
}

func rejectionOf(line int, side game.Side, text string, err error) rejection {
	if re, ok := game.AsRuleError(err); ok {
		return rejection{Line: line, Side: side, Order: text, Code: re.Code, Rule: re.Rule, Message: re.Msg}
	}
	return rejection{Line: line, Side: side, Order: text, Code: "error", Message: err.Error()}
}

// parseScriptLine reads "A: order" / "B: order"; blank lines and # comments
// give ok=false.
func parseScriptLine(line string) (side game.Side, order string, ok bool, err error) {
	t := strings.TrimSpace(line)
	if i := strings.Index(t, "#"); i >= 0 {
		t = strings.TrimSpace(t[:i])
	}
	if t == "" {
		return game.Nobody, "", false, nil
	}
	who, rest, found := strings.Cut(t, ":")
	if !found {
		return game.Nobody, "", false, errors.New("want SIDE: ORDER, e.g. A: move A3 0512")
	}
	side, err = game.ParseSide(who)
	if err != nil || !side.Valid() {
		return game.Nobody, "", false, fmt.Errorf("%q is not a side (A or B)", who)
	}
	return side, strings.TrimSpace(rest), true, nil
}

// report is the --json output (docs/record.md).
type report struct {
	Scenario string         `json:"scenario"`
	Hash     string         `json:"hash"`
	Viewer   string         `json:"viewer,omitempty"`
	Turn     int            `json:"turn"`
	Turns    int            `json:"turns"`
	Phase    string         `json:"phase"`
	Active   game.Side      `json:"active"`
	Units    []reportUnit   `json:"units"`
	Pending  []reportChoice `json:"pending"`
	Events   []shownEvent   `json:"events"`
	Rejected []rejection    `json:"rejected"`
	Outcome  reportOutcome  `json:"outcome"`
	Dice     reportDice     `json:"dice"`
}

type reportUnit struct {
	ID     string    `json:"id"`
	Side   game.Side `json:"side"`
	Name   string    `json:"name,omitempty"`
	Type   string    `json:"type,omitempty"`
	Values string    `json:"values,omitempty"`
	Hex    string    `json:"hex"`
	Status string    `json:"status"`
}

type reportChoice struct {
	ID      string   `json:"id"`
	Side    string   `json:"side"`
	Kind    string   `json:"kind"`
	Rule    string   `json:"rule,omitempty"`
	Prompt  string   `json:"prompt"`
	Options []string `json:"options"`
	Default int      `json:"default"`
}

type reportOutcome struct {
	Over      bool             `json:"over"`
	Winner    string           `json:"winner"`
	Result    string           `json:"result,omitempty"`
	Score     map[string]int   `json:"score"`
	Breakdown []game.ScoreLine `json:"breakdown,omitempty"`
}

type reportDice struct {
	Rolled     int    `json:"rolled"`
	Commitment string `json:"commitment,omitempty"`
	Seed       string `json:"seed,omitempty"`
}

func (m *match) report(viewer game.Side, rejected []rejection) report {
	st := game.ViewOf(m.g.Rules, m.g.State, viewer)
	c := st.Clock()
	r := report{Scenario: m.g.Scenario.ID, Hash: m.g.Scenario.Hash, Turn: c.Turn, Turns: c.Turns, Phase: c.Phase, Active: c.Active,
		Units: []reportUnit{}, Pending: []reportChoice{}, Events: []shownEvent{}, Rejected: []rejection{}}
	for _, x := range rejected {
		if !viewer.Valid() || game.RefusalAudience(game.Command{Side: x.Side}).Allows(viewer) {
			r.Rejected = append(r.Rejected, x)
		}
	}
	if viewer.Valid() {
		r.Viewer = viewer.String()
	}
	for _, p := range st.Pieces() {
		r.Units = append(r.Units, reportUnit{ID: p.ID, Side: p.Side, Name: p.Name, Type: p.Type, Values: p.Values, Hex: p.Hex, Status: p.Status})
	}
	for _, d := range st.Pending() {
		rc := reportChoice{ID: d.ID, Side: d.Side.String(), Kind: d.Kind, Rule: d.Rule, Prompt: d.Prompt, Default: d.Default + 1, Options: []string{}}
		if !viewer.Valid() || d.Side == viewer {
			for _, o := range d.Options {
				rc.Options = append(rc.Options, o.Command)
			}
		}
		r.Pending = append(r.Pending, rc)
	}
	for _, e := range m.events {
		if !viewer.Valid() || game.VisibleTo(e.event, viewer) {
			if viewer.Valid() && !e.order.Allows(viewer) {
				e.Order = "(secret order)"
			}
			r.Events = append(r.Events, e)
		}
	}
	o := st.Outcome()
	r.Outcome = reportOutcome{Over: o.Over, Result: o.Result, Breakdown: o.Lines,
		Score: map[string]int{"A": o.Score[game.SideA], "B": o.Score[game.SideB]}}
	if o.Winner.Valid() {
		r.Outcome.Winner = o.Winner.String()
	} else if o.Over {
		r.Outcome.Winner = "draw"
	}
	r.Dice = reportDice{Rolled: m.g.Rolls}
	if m.fixed == nil {
		r.Dice.Commitment = dice.Commitment(m.seed)
		if o.Over {
			r.Dice.Seed = fmt.Sprintf("%x", m.seed)
		}
	}
	return r
}

func parseDice(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	out := []int{}
	for _, w := range strings.Split(s, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(w))
		if err != nil || v < 1 {
			return nil, fmt.Errorf("--dice: %q is not a die value", w)
		}
		out = append(out, v)
	}
	return out, nil
}

func runPlay(m *Main, ctx context.Context, args []string) error {
	fs := m.newFlags("play")
	scen := fs.String("scenario", "gs-1", "scenario id or .toml file")
	seed := fs.Int64("seed", 0, "dice seed (0: a fresh random game in interactive play)")
	diceFlag := fs.String("dice", "", "force these die rolls in order (e.g. 4,1,6); fails if too few or too many are used")
	script := fs.String("script", "", "order script: lines \"A: <order>\" / \"B: <order>\", # comments (- for standard input)")
	asJSON := fs.Bool("json", false, "print one JSON object describing the game after the script")
	sideFlag := fs.String("side", "", "print only what side A or B may see (its view, the events and refusals meant for it)")
	pngDir := fs.String("png-dir", "", "write the board as a PNG after every phase into this folder")
	opts := optionFlags{}
	fs.Var(opts, "option", "ruleset option name=value (repeatable)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	viewer := game.Nobody
	if *sideFlag != "" {
		v, err := game.ParseSide(*sideFlag)
		if err != nil || !v.Valid() {
			return usageError{"--side takes A or B"}
		}
		viewer = v
	}
	fixed, err := parseDice(*diceFlag)
	if err != nil {
		return usageError{err.Error()}
	}
	sc, err := loadScenario(*scen)
	if err != nil {
		return err
	}
	if *seed == 0 && *script == "" {
		*seed = int64(os.Getpid())*7919 + int64(len(sc.ID))
	}
	mt, err := newMatch(sc, game.Options(opts), *seed, fixed)
	if err != nil {
		return err
	}
	var imgs *phaseImages
	if *pngDir != "" {
		if imgs, err = newPhaseImages(*pngDir, mt); err != nil {
			return err
		}
	}
	if *script == "" {
		return m.interactive(ctx, mt, imgs)
	}
	var in io.Reader = m.Stdin
	if *script != "-" {
		f, err := os.Open(*script)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	rejected, err := runScript(mt, in, imgs)
	if err != nil {
		return err
	}
	if mt.fixed != nil && mt.fixed.Left() > 0 {
		return fmt.Errorf("--dice: %d value(s) were not used (%d rolled)", mt.fixed.Left(), mt.fixed.Used())
	}
	if *asJSON {
		enc := json.NewEncoder(m.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(mt.report(viewer, rejected))
	}
	for _, e := range mt.report(viewer, rejected).Events {
		if e.Text != "" {
			fmt.Fprintf(m.Stdout, "%d %s: %s\n", e.Seq, e.Side, e.Text)
		}
	}
	for _, r := range mt.report(viewer, rejected).Rejected {
		fmt.Fprintf(m.Stdout, "line %d refused (%s %s): %s\n", r.Line, r.Code, r.Rule, r.Message)
	}
	fmt.Fprintln(m.Stdout, statusLine(mt))
	return nil
}

// runScript plays every line of a script and collects refusals. Running
// out of forced dice is an error, not a refusal.
func runScript(mt *match, in io.Reader, imgs *phaseImages) ([]rejection, error) {
	var rejected []rejection
	sc := bufio.NewScanner(in)
	for n := 1; sc.Scan(); n++ {
		side, order, ok, err := parseScriptLine(sc.Text())
		if err != nil {
			rejected = append(rejected, rejection{Line: n, Side: game.Nobody, Order: strings.TrimSpace(sc.Text()), Code: game.CodeSyntax, Message: err.Error()})
			continue
		}
		if !ok {
			continue
		}
		before := mt.g.State.Clock()
		if _, err := mt.order(side, order); err != nil {
			if errors.Is(err, game.ErrDiceExhausted) {
				return nil, fmt.Errorf("script line %d (%s): --dice ran out of values", n, order)
			}
			rejected = append(rejected, rejectionOf(n, side, order, err))
			continue
		}
		if imgs != nil && mt.g.State.Clock() != before {
			if err := imgs.write(mt); err != nil {
				return nil, err
			}
		}
	}
	return rejected, sc.Err()
}

func statusLine(mt *match) string {
	st := mt.g.State
	if o := st.Outcome(); o.Over {
		return "game over: " + o.Result
	}
	c := st.Clock()
	s := fmt.Sprintf("turn %d/%d, %s phase", c.Turn, c.Turns, c.Phase)
	if c.Turns == 0 { // a game with no set number of turns (Manœuvre)
		s = fmt.Sprintf("turn %d, %s phase", c.Turn, c.Phase)
	}
	if c.Active.Valid() {
		s += " of " + c.Active.String()
	}
	return s
}
