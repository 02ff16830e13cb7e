package web

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/internal/playtest"
	"github.com/grognard/grognard/storage"
)

// finishedGames are finished games g1 of every ruleset that rolls dice,
// each on a site of its own: games the rulesets' own stored logs keep
// (Grands Stratèges whole, Peter the Great up to its 30th die, then
// conceded; seeded as the store seeds a game), and games played with
// random legal orders in chat to a concession (Frédéric le Grand, Le son
// du canon, Manœuvre).
var finishedGames = []struct {
	name string
	log  string // a stored log of the ruleset (testdata/v1logs)
	dice int    // the log's records up to this many dice (0: all)
	// or a scenario played at random for records orders, then conceded
	scenario string
	records  int
}{
	{name: "gs", log: "../../game/rules/gs/testdata/v1logs/gs-1.json"},
	{name: "ptg", log: "../../game/rules/ptg/testdata/v1logs/ptg-historical.json", dice: 30},
	{name: "flg", scenario: "flg-muhlbach", records: 60},
	{name: "sdc", scenario: "sdc-battle", records: 60},
	{name: "man", scenario: "man-frgb", records: 10},
}

// finishedGame sets up one of finishedGames on a new site.
func finishedGame(t *testing.T, name string) *site {
	t.Helper()
	s := newSite(t, nil)
	for _, c := range finishedGames {
		if c.name != name {
			continue
		}
		if c.log != "" {
			s.importLog(c.log, c.dice)
		} else {
			s.say("alice", "new "+c.scenario+" vs bob")
			if got := texts(s.say("bob", "accept")); !strings.Contains(got, "g1 begins") {
				t.Fatalf("%s does not start: %s", c.scenario, got)
			}
			s.playRandom(c.records, 3, true)
			s.say("bob", "g1 concede yes")
		}
		m, err := s.store.Meta("g1")
		if err != nil {
			t.Fatal(err)
		}
		if !m.Status.Ended() || m.Seed == "" || m.Rolls == 0 {
			t.Fatalf("%s: the game is %s with %d dice and seed %q: nothing to audit", name, m.Status, m.Rolls, m.Seed)
		}
		return s
	}
	t.Fatalf("no finished game %s", name)
	return nil
}

// importLog stores a ruleset's stored log as the finished game g1 of
// alice (A) and bob (B) in room r1, with the seed it was played with:
// the whole log, or its records up to the one that rolled die maxDice
// (a game conceded there).
func (s *site) importLog(path string, maxDice int) {
	s.t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		s.t.Fatal(err)
	}
	var l playtest.StoredLog
	if err := json.Unmarshal(b, &l); err != nil {
		s.t.Fatal(err)
	}
	var sc game.Scenario
	if err := json.Unmarshal(l.Resolved, &sc); err != nil {
		s.t.Fatalf("%s: %v", filepath.Base(path), err)
	}
	raw, sum, err := storage.EncodeScenario(&sc)
	if err != nil {
		s.t.Fatal(err)
	}
	seed := dice.SeedFromInt(int64(l.Seed))
	now := s.clock()
	m := storage.GameMeta{ID: "g1", Ruleset: l.Ruleset, RulesetVersion: l.Version, Scenario: l.Scenario, ScenarioHash: sc.Hash,
		ScenarioSum: sum, Options: l.Options, Seats: map[game.Side]string{game.SideA: "test:alice", game.SideB: "test:bob"},
		Rooms: []string{"test:r1"}, Status: storage.StatusOver, Created: now, Updated: now,
		Commitment: dice.Commitment(seed), Seed: hex.EncodeToString(seed), Seq: len(l.Records)}
	x := &storage.Exported{Meta: m, Scenario: raw}
	for _, r := range l.Records {
		if maxDice > 0 && x.Meta.Rolls >= maxDice {
			break
		}
		x.Entries = append(x.Entries, storage.LogEntry{Seq: r.Seq, Clock: r.Clock, Time: now, Actor: m.Seats[r.Command.Side],
			Text: r.Text, Command: r.Command, Rolls: r.Rolls, Events: r.Events})
		x.Meta.Rolls += len(r.Rolls)
	}
	x.Meta.Seq = len(x.Entries)
	var buf bytes.Buffer
	if err := storage.WriteExport(&buf, x); err != nil {
		s.t.Fatal(err)
	}
	if _, err := s.store.Import(&buf); err != nil {
		s.t.Fatalf("import %s: %v", filepath.Base(path), err)
	}
}

// rollRow is a row of the dice audit's table.
var rollRow = regexp.MustCompile(`<tr data-index="(\d+)" data-sides="(\d+)" data-value="(\d+)"><td><a href="#rec-(\d+)">#\d+</a></td><td>\d+</td><td>d\d+</td><td>\d+</td><td>(\d+)</td><td class="browser"></td></tr>`)

// TestDiceAuditEveryRuleset: for a finished game of every ruleset that
// rolls, the dice audit lists every die of the log once, in order, with
// the record that rolled it, and what the revealed seed gives for each
// is what was logged (game/dice.Value, the derivation the page's script
// repeats in TestBrowserDiceAudit).
func TestDiceAuditEveryRuleset(t *testing.T) {
	for _, c := range finishedGames {
		t.Run(c.name, func(t *testing.T) {
			s := finishedGame(t, c.name)
			x, err := s.store.ReadGame("g1")
			if err != nil {
				t.Fatal(err)
			}
			seed, err := hex.DecodeString(x.Meta.Seed)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, e := range x.Entries {
				for _, r := range e.Rolls {
					want = append(want, fmt.Sprintf("%d d%d=%d #%d", r.Index, r.Sides, r.Value, e.Seq))
					if v := dice.Value(seed, r.Index, r.Sides); v != r.Value {
						t.Errorf("record %d: die %d logged %d, the seed gives %d", e.Seq, r.Index, r.Value, v)
					}
				}
			}
			if len(want) != x.Meta.Rolls {
				t.Fatalf("%d dice in the log, the meta counts %d", len(want), x.Meta.Rolls)
			}
			p, err := s.app.GamePage("g1", game.Nobody, -1, bot.EN)
			if err != nil {
				t.Fatal(err)
			}
			if p.HiddenRolls != 0 || len(p.Rolls) != len(want) {
				t.Fatalf("the page lists %d dice and hides %d; the log has %d", len(p.Rolls), p.HiddenRolls, len(want))
			}
			_, body := s.get("/g/g1")
			rows := rollRow.FindAllStringSubmatch(body, -1)
			if len(rows) != len(want) {
				t.Fatalf("the page's table has %d rows, the log %d dice", len(rows), len(want))
			}
			for i, r := range rows {
				got := fmt.Sprintf("%s d%s=%s #%s", r[1], r[2], r[3], r[4])
				if got != want[i] || r[5] != r[3] {
					t.Errorf("row %d: %s, the seed gives %s; the log says %s", i, got, r[5], want[i])
				}
			}
			if !strings.Contains(body, `id="seed">`+x.Meta.Seed+`<`) || !strings.Contains(body, `id="verify"`) {
				t.Error("the page lacks the seed or the button that checks the dice")
			}
			t.Logf("%d dice of %d records", len(want), len(x.Entries))
		})
	}
}

// TestBrowserDiceAudit has the page of each finished game recompute
// every roll in the browser (WebCrypto): each row agrees with the log,
// and the seed with its commitment.
func TestBrowserDiceAudit(t *testing.T) {
	bin := chromium(t)
	b := newBrowser(t, bin)
	for _, c := range finishedGames {
		s := finishedGame(t, c.name)
		m, err := s.store.Meta("g1")
		if err != nil {
			t.Fatal(err)
		}
		b.do(c.name+": audit the dice", chromedpNavigateClick(s.srv.URL+"/g/g1", "#verify", `document.getElementById("verify-result").textContent !== ""`)...)
		res := b.eval(c.name+": read the audit", `document.getElementById("verify-result").textContent`)
		bad := b.eval(c.name+": read the rows", `String(document.querySelectorAll("#rolls td.browser.bad").length)`)
		if want := "✓ " + strconv.Itoa(m.Rolls) + "/" + strconv.Itoa(m.Rolls); res != want || bad != "0" {
			t.Errorf("%s: the browser's audit says %q with %s rows wrong; want %q", c.name, res, bad, want)
		}
		if cc := b.eval(c.name+": read the commitment check", `document.getElementById("commit-check").textContent`); cc != "✓ SHA-256" {
			t.Errorf("%s: the seed's commitment check says %q", c.name, cc)
		}
	}
	b.check()
}
