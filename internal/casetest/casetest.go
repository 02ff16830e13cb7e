// Package casetest runs rules case files: a test position, orders, forced
// dice and the expected outcome, one txtar archive per case, named after
// the digest's test case and citing the rule ids it checks. Every ruleset
// runs its testdata/cases/*.txtar through Run; the generic assertions
// below work for any ruleset, and a ruleset adds its own (combat factors,
// movement costs) with an Extra function.
//
// A case file:
//
//	# GS-TC-17 [EX XIX] (GS-4.19, GS-4.21): title and notes
//	-- position.toml --      a scenario (usually an inline [map] and [start])
//	-- options --            optional: name=value … game options
//	-- orders --             "A: order" / "B: order" lines, # comments
//	-- dice --               die values, space or comma separated; all must be used
//	-- expect --             one assertion per line
//
// Variants of the same case add numbered sections (position2.toml,
// options2, orders2, dice2, expect2 …); each runs on its own.
//
// Generic assertions:
//
//	at UNIT HEX · gone UNIT · status UNIT STATUS
//	ok LINE · rejected LINE [CODE [RULE]]
//	pending KIND [SIDE] · options ORDER | ORDER … · no-pending
//	phase TURN PHASE SIDE · score A=N B=N · outcome A|B|draw · not-over
package casetest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/scenarios"
)

// Case is one variant being checked: the game after its orders, the
// result of every order line, and the events they caused.
type Case struct {
	Game    *game.Game
	Results map[int]error
	Events  []game.Event
}

// Extra checks a ruleset-specific assertion; handled=false passes it on.
type Extra func(c *Case, words []string) (handled bool, err error)

// Run runs every case file under dir/cases/*.txtar (dir is usually
// "testdata") with the ruleset, prefix being the rule-id prefix every
// header must cite ("GS-").
func Run(t *testing.T, rules game.Ruleset, dir, prefix string, extra Extra) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "cases", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no case files in %s/cases: %v", dir, err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txtar")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			comment, sections := Parse(string(src))
			if !strings.Contains(comment, prefix) {
				t.Errorf("%s: the header must cite the rule ids it checks (%s…)", f, prefix)
			}
			for _, suffix := range variants(sections) {
				t.Run("v"+max(suffix, "1"), func(t *testing.T) {
					runVariant(t, rules, f, sections, suffix, extra)
				})
			}
		})
	}
}

// Parse splits a txtar archive into its leading comment and its sections.
func Parse(src string) (string, map[string]string) {
	sections := map[string]string{}
	var comment strings.Builder
	cur := ""
	for _, line := range strings.SplitAfter(src, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --") {
			cur = strings.TrimSpace(t[3 : len(t)-3])
			sections[cur] = ""
			continue
		}
		if cur == "" {
			comment.WriteString(line)
		} else {
			sections[cur] += line
		}
	}
	return comment.String(), sections
}

func variants(sections map[string]string) []string {
	var out []string
	for k := range sections {
		if strings.HasPrefix(k, "position") && strings.HasSuffix(k, ".toml") {
			out = append(out, strings.TrimSuffix(strings.TrimPrefix(k, "position"), ".toml"))
		}
	}
	slices.Sort(out)
	return out
}

func runVariant(t *testing.T, rules game.Ruleset, file string, sections map[string]string, suffix string, extra Extra) {
	sc, err := scenarios.Parse(file+":position"+suffix+".toml", []byte(sections["position"+suffix+".toml"]))
	if err != nil {
		t.Fatalf("position: %v", err)
	}
	var opts game.Options
	if o, ok := sections["options"+suffix]; ok {
		opts = game.Options{}
		for _, w := range strings.Fields(o) {
			k, v, _ := strings.Cut(w, "=")
			opts[k] = v
		}
	}
	g, err := game.Start(rules, sc, opts)
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	var vals []int
	for _, w := range strings.FieldsFunc(sections["dice"+suffix], func(r rune) bool { return r == ',' || r == ' ' || r == '\n' }) {
		v, err := strconv.Atoi(w)
		if err != nil {
			t.Fatalf("dice: %q", w)
		}
		vals = append(vals, v)
	}
	fd := dice.NewFixed(vals...)
	c := &Case{Game: g, Results: map[int]error{}}
	checker, _ := rules.(game.Checker)
	for n, line := range strings.Split(sections["orders"+suffix], "\n") {
		line = strings.TrimSpace(line)
		if i := strings.Index(line, "#"); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		if line == "" {
			continue
		}
		who, order, ok := strings.Cut(line, ":")
		if !ok {
			t.Fatalf("orders line %d: want SIDE: ORDER", n+1)
		}
		side, err := game.ParseSide(who)
		if err != nil {
			t.Fatalf("orders line %d: %v", n+1, err)
		}
		cmd, err := game.ParseCommand(side, strings.TrimSpace(order))
		if err == nil {
			cmd, err = game.ResolveChoice(g.State, cmd)
		}
		var rec game.Record
		if err == nil {
			before := g.State
			rec, err = g.Apply(order, cmd, fd)
			if err != nil && g.State != before {
				t.Errorf("line %d refused but the state changed", n+1)
			}
		}
		if errors.Is(err, game.ErrDiceExhausted) {
			t.Fatalf("orders line %d (%s): not enough dice", n+1, order)
		}
		if err != nil {
			if _, ok := game.AsRuleError(err); !ok {
				t.Fatalf("orders line %d (%s): not a rule error: %v", n+1, order, err)
			}
		}
		c.Results[n+1] = err
		c.Events = append(c.Events, rec.Events...)
		if checker != nil {
			if err := checker.Check(g.State); err != nil {
				t.Fatalf("after line %d: invariant: %v", n+1, err)
			}
		}
	}
	if fd.Left() != 0 {
		t.Errorf("%d forced dice were not used", fd.Left())
	}
	expect, ok := sections["expect"+suffix]
	if !ok {
		t.Fatalf("no expect%s section", suffix)
	}
	for n, line := range strings.Split(expect, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if err := c.check(line, extra); err != nil {
			t.Errorf("expect line %d %q: %v", n+1, line, err)
		}
	}
	if t.Failed() {
		for i, e := range c.Events {
			if x, ok := e.(game.Explainer); ok {
				t.Logf("event %d: %s", i+1, x.Explain())
			}
		}
		for n, err := range c.Results {
			if err != nil {
				t.Logf("line %d refused: %v", n, err)
			}
		}
	}
}

// Piece finds a unit in the current state by id.
func (c *Case) Piece(id string) (game.Piece, bool) {
	for _, p := range c.Game.State.Pieces() {
		if p.ID == id {
			return p, true
		}
	}
	return game.Piece{}, false
}

func (c *Case) check(line string, extra Extra) error {
	w := strings.Fields(line)
	st := c.Game.State
	if extra != nil {
		if handled, err := extra(c, w); handled {
			return err
		}
	}
	piece := func() (game.Piece, error) {
		if len(w) < 2 {
			return game.Piece{}, fmt.Errorf("name a unit")
		}
		p, ok := c.Piece(w[1])
		if !ok {
			return p, fmt.Errorf("no unit %s", w[1])
		}
		return p, nil
	}
	switch w[0] {
	case "at":
		p, err := piece()
		if err != nil {
			return err
		}
		if p.Status != game.StatusActive {
			return fmt.Errorf("%s is %s", p.ID, p.Status)
		}
		if p.Hex != w[2] {
			return fmt.Errorf("%s is at %s", p.ID, p.Hex)
		}
	case "gone":
		p, err := piece()
		if err != nil {
			return err
		}
		if p.Status != game.StatusEliminated {
			return fmt.Errorf("%s is %s at %s", p.ID, p.Status, p.Hex)
		}
	case "status":
		p, err := piece()
		if err != nil {
			return err
		}
		if p.Status != w[2] {
			return fmt.Errorf("%s is %s", p.ID, p.Status)
		}
	case "ok", "rejected":
		n, _ := strconv.Atoi(w[1])
		err, seen := c.Results[n]
		if !seen {
			return fmt.Errorf("no order on line %d", n)
		}
		if w[0] == "ok" {
			if err != nil {
				return fmt.Errorf("refused: %v", err)
			}
			return nil
		}
		re, ok := game.AsRuleError(err)
		if !ok {
			return fmt.Errorf("accepted")
		}
		if len(w) > 2 && re.Code != w[2] {
			return fmt.Errorf("refused with code %s (%v)", re.Code, re)
		}
		if len(w) > 3 && re.Rule != w[3] {
			return fmt.Errorf("refused citing %s (%v)", re.Rule, re)
		}
	case "pending":
		p := st.Pending()
		if len(p) == 0 {
			return fmt.Errorf("nothing pending")
		}
		if p[0].Kind != w[1] || (len(w) > 2 && p[0].Side.String() != w[2]) {
			return fmt.Errorf("pending %s for %s", p[0].Kind, p[0].Side)
		}
	case "options":
		p := st.Pending()
		if len(p) == 0 {
			return fmt.Errorf("nothing pending")
		}
		want := strings.Split(strings.TrimSpace(strings.TrimPrefix(line, "options")), "|")
		var got []string
		for _, o := range p[0].Options {
			got = append(got, o.Command)
		}
		for i := range want {
			want[i] = strings.TrimSpace(want[i])
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(want, got) {
			return fmt.Errorf("options are %s", strings.Join(got, " | "))
		}
	case "default":
		p := st.Pending()
		if len(p) == 0 {
			return fmt.Errorf("nothing pending")
		}
		if got := p[0].Options[p[0].Default].Command; got != strings.Join(w[1:], " ") {
			return fmt.Errorf("default %q", got)
		}
	case "legal", "not-legal":
		sd, err := game.ParseSide(w[1])
		if err != nil || !sd.Valid() {
			return fmt.Errorf("side %q", w[1])
		}
		order := strings.Join(w[2:], " ")
		leaves := game.Leaves(c.Game.Rules.Legal(st, sd))
		if slices.Contains(leaves, order) != (w[0] == "legal") {
			return fmt.Errorf("%q listed: %v (%d orders)", order, w[0] != "legal", len(leaves))
		}
	case "event", "no-event":
		n := 0
		for _, e := range c.Events {
			if e.Kind() == w[1] {
				n++
			}
		}
		if w[0] == "no-event" && n > 0 {
			return fmt.Errorf("%d %s events", n, w[1])
		}
		if w[0] == "event" && (n == 0 || len(w) > 2 && strconv.Itoa(n) != w[2]) {
			return fmt.Errorf("%d %s events", n, w[1])
		}
	case "no-pending":
		if p := st.Pending(); len(p) > 0 {
			return fmt.Errorf("pending %s for %s", p[0].Kind, p[0].Side)
		}
	case "phase":
		cl := st.Clock()
		if got := fmt.Sprintf("%d %s %s", cl.Turn, cl.Phase, cl.Active); got != strings.Join(w[1:], " ") {
			return fmt.Errorf("clock is %s", got)
		}
	case "score":
		o := st.Outcome()
		vals := map[string]int{"A": o.Score[game.SideA], "B": o.Score[game.SideB]}
		for _, kv := range w[1:] {
			k, v, _ := strings.Cut(kv, "=")
			if fmt.Sprint(vals[k]) != v {
				return fmt.Errorf("score %s = %d", k, vals[k])
			}
		}
	case "outcome":
		o := st.Outcome()
		if !o.Over {
			return fmt.Errorf("the game is not over")
		}
		got := "draw"
		if o.Winner.Valid() {
			got = o.Winner.String()
		}
		if got != w[1] {
			return fmt.Errorf("outcome %s (%s)", got, o.Result)
		}
	case "not-over":
		if o := st.Outcome(); o.Over {
			return fmt.Errorf("the game is over: %s", o.Result)
		}
	default:
		return fmt.Errorf("unknown assertion %q", w[0])
	}
	return nil
}
