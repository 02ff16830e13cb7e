package gs_test

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
	"github.com/grognard/grognard/game/rules/gs"
	"github.com/grognard/grognard/scenarios"
)

// A case file (testdata/cases/*.txtar) is a test position, orders, forced
// dice and the expected outcome:
//
//	# GS-TC-17 [EX XIX] (GS-4.19, GS-4.21): title and notes
//	-- position.toml --      a scenario (usually with an inline [map] and [start])
//	-- orders --             "A: order" / "B: order" lines, # comments
//	-- dice --               die values, space or comma separated (all must be used)
//	-- expect --             one assertion per line (see checkLine)
//
// Several positions can share a file as position2.toml/orders2/… for
// variants; each numbered group runs on its own.
func TestCases(t *testing.T) {
	files, err := filepath.Glob("testdata/cases/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no case files: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txtar")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			comment, sections := parseTxtar(string(src))
			if !strings.Contains(comment, "GS-") {
				t.Errorf("%s: the header must cite the rule ids it checks", f)
			}
			for _, suffix := range variants(sections) {
				t.Run("v"+suffixName(suffix), func(t *testing.T) {
					runCase(t, f, sections, suffix)
				})
			}
		})
	}
}

func suffixName(s string) string {
	if s == "" {
		return "1"
	}
	return s
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

func parseTxtar(src string) (string, map[string]string) {
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

type caseRun struct {
	t        *testing.T
	g        *game.Game
	results  map[int]error
	events   []game.Event
	rules    *gs.Rules
	position string
}

func runCase(t *testing.T, file string, sections map[string]string, suffix string) {
	sc, err := scenarios.Parse(file+":position"+suffix+".toml", []byte(sections["position"+suffix+".toml"]))
	if err != nil {
		t.Fatalf("position: %v", err)
	}
	rules := gs.New()
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
	cr := &caseRun{t: t, g: g, results: map[int]error{}, rules: rules}
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
		cr.results[n+1] = err
		cr.events = append(cr.events, rec.Events...)
		if err := rules.Check(g.State); err != nil {
			t.Fatalf("after line %d: invariant: %v", n+1, err)
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
		if err := cr.check(line); err != nil {
			t.Errorf("expect line %d %q: %v", n+1, line, err)
		}
	}
	if t.Failed() {
		for i, e := range cr.events {
			if x, ok := e.(game.Explainer); ok {
				t.Logf("event %d: %s", i+1, x.Explain())
			}
		}
		for n, err := range cr.results {
			if err != nil {
				t.Logf("line %d refused: %v", n, err)
			}
		}
	}
}

func (cr *caseRun) state() *gs.State { return cr.g.State.(*gs.State) }

// check evaluates one assertion:
//
//	at UNIT HEX · gone UNIT · status UNIT STATUS
//	ok LINE · rejected LINE CODE [RULE]
//	combat [N] key=value…   (attack defence odds column roll score result mods)
//	moved UNIT mp=N         (the last move of UNIT; N like 1½)
//	pending KIND SIDE · options ORDER | ORDER … · no-pending
//	phase TURN PHASE SIDE · losses A=N B=N · score A=N B=N
//	outcome A|B|draw · not-over
func (cr *caseRun) check(line string) error {
	w := strings.Fields(line)
	s := cr.state()
	unit := func(id string) (*gs.Unit, error) {
		u := s.Unit(id)
		if u == nil {
			return nil, fmt.Errorf("no unit %s", id)
		}
		return u, nil
	}
	switch w[0] {
	case "at":
		u, err := unit(w[1])
		if err != nil {
			return err
		}
		if !u.OnMap() {
			return fmt.Errorf("%s is %s", u.ID, u.Status)
		}
		if got := s.Scenario().Map.Grid.Label(u.At); got != w[2] {
			return fmt.Errorf("%s is at %s", u.ID, got)
		}
	case "gone":
		u, err := unit(w[1])
		if err != nil {
			return err
		}
		if u.Status != game.StatusEliminated {
			return fmt.Errorf("%s is %s at %s", u.ID, u.Status, s.Scenario().Map.Grid.Label(u.At))
		}
	case "status":
		u, err := unit(w[1])
		if err != nil {
			return err
		}
		if u.Status != w[2] {
			return fmt.Errorf("%s is %s", u.ID, u.Status)
		}
	case "ok":
		n, _ := strconv.Atoi(w[1])
		err, seen := cr.results[n]
		if !seen {
			return fmt.Errorf("no order on line %d", n)
		}
		if err != nil {
			return fmt.Errorf("refused: %v", err)
		}
	case "rejected":
		n, _ := strconv.Atoi(w[1])
		err, seen := cr.results[n]
		if !seen {
			return fmt.Errorf("no order on line %d", n)
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
	case "combat":
		var cs []gs.CombatResolved
		for _, e := range cr.events {
			if c, ok := e.(gs.CombatResolved); ok {
				cs = append(cs, c)
			}
		}
		if len(cs) == 0 {
			return fmt.Errorf("no combat")
		}
		c := cs[len(cs)-1]
		args := w[1:]
		if len(args) > 0 && !strings.Contains(args[0], "=") {
			n, _ := strconv.Atoi(args[0])
			if n < 1 || n > len(cs) {
				return fmt.Errorf("only %d combats", len(cs))
			}
			c, args = cs[n-1], args[1:]
		}
		mods := 0
		for _, m := range c.Mods {
			mods += m.Value
		}
		got := map[string]string{"attack": fmt.Sprint(c.Attack), "defence": fmt.Sprint(c.Defence), "odds": c.Odds,
			"column": c.Column, "roll": fmt.Sprint(c.Roll), "score": fmt.Sprint(c.Score), "result": c.Result, "mods": fmt.Sprint(mods)}
		for _, kv := range args {
			k, v, _ := strings.Cut(kv, "=")
			if got[k] != v {
				return fmt.Errorf("%s = %s (combat: %s)", k, got[k], c.Text)
			}
		}
	case "moved":
		for i := len(cr.events) - 1; i >= 0; i-- {
			if m, ok := cr.events[i].(gs.Moved); ok && m.Unit == w[1] {
				want := strings.TrimPrefix(w[2], "mp=")
				if got := halfMP(m.Cost); got != want {
					return fmt.Errorf("moved for %s MP", got)
				}
				return nil
			}
		}
		return fmt.Errorf("%s did not move", w[1])
	case "pending":
		p := s.Pending()
		if len(p) == 0 {
			return fmt.Errorf("nothing pending")
		}
		if p[0].Kind != w[1] || (len(w) > 2 && p[0].Side.String() != w[2]) {
			return fmt.Errorf("pending %s for %s", p[0].Kind, p[0].Side)
		}
	case "options":
		p := s.Pending()
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
	case "no-pending":
		if p := s.Pending(); len(p) > 0 {
			return fmt.Errorf("pending %s for %s", p[0].Kind, p[0].Side)
		}
	case "phase":
		c := s.Clock()
		if got := fmt.Sprintf("%d %s %s", c.Turn, c.Phase, c.Active); got != strings.Join(w[1:], " ") {
			return fmt.Errorf("clock is %s", got)
		}
	case "losses", "score":
		o := s.Outcome()
		vals := map[string]int{"A": s.Losses[game.SideA], "B": s.Losses[game.SideB]}
		if w[0] == "score" {
			vals = map[string]int{"A": o.Score[game.SideA], "B": o.Score[game.SideB]}
		}
		for _, kv := range w[1:] {
			k, v, _ := strings.Cut(kv, "=")
			if fmt.Sprint(vals[k]) != v {
				return fmt.Errorf("%s %s = %d", w[0], k, vals[k])
			}
		}
	case "outcome":
		o := s.Outcome()
		if !o.Over {
			return fmt.Errorf("the game is not over")
		}
		want := w[1]
		got := "draw"
		if o.Winner.Valid() {
			got = o.Winner.String()
		}
		if got != want {
			return fmt.Errorf("outcome %s (%s)", got, o.Result)
		}
	case "not-over":
		if o := s.Outcome(); o.Over {
			return fmt.Errorf("the game is over: %s", o.Result)
		}
	default:
		return fmt.Errorf("unknown assertion %q", w[0])
	}
	return nil
}

func halfMP(h int) string {
	s := fmt.Sprint(h / 2)
	if h%2 == 1 {
		if h == 1 {
			return "½"
		}
		s += "½"
	}
	return s
}
