package storage

import (
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/grognard/grognard/game"
)

// Status is where a game stands in its life.
type Status string

const (
	// StatusOpen: created, waiting for players or setup; takes orders.
	StatusOpen Status = "open"
	// StatusActive: being played.
	StatusActive Status = "active"
	// StatusOver: finished with a result. The seed is revealed.
	StatusOver Status = "over"
	// StatusAbandoned: stopped without a result. The seed is revealed.
	StatusAbandoned Status = "abandoned"
)

// Ended reports whether the game takes no more orders (and its seed may be
// shown).
func (s Status) Ended() bool { return s == StatusOver || s == StatusAbandoned }

func (s Status) valid() bool {
	switch s {
	case StatusOpen, StatusActive, StatusOver, StatusAbandoned:
		return true
	}
	return false
}

// GameMeta is everything the store knows about a game besides its log,
// snapshots and secret seed. Rooms and seats are platform-neutral strings
// chosen by the bot ("discord:<guild>/<channel>", "matrix:@ann:example.org").
type GameMeta struct {
	ID             string               `json:"id"`
	Ruleset        string               `json:"ruleset"`
	RulesetVersion string               `json:"ruleset_version"`
	Scenario       string               `json:"scenario"`
	ScenarioHash   string               `json:"scenario_hash"`
	Title          string               `json:"title,omitempty"`
	Options        game.Options         `json:"options,omitempty"`
	Seats          map[game.Side]string `json:"seats,omitempty"`
	Rooms          []string             `json:"rooms,omitempty"`
	Status         Status               `json:"status"`
	Created        time.Time            `json:"created"`
	Updated        time.Time            `json:"updated"`
	// Commitment is dice.Commitment(seed), public from the start.
	Commitment string `json:"seed_commitment"`
	// Seed is the seed in hex, filled in when the game ends.
	Seed string `json:"seed,omitempty"`
	// Seq is the sequence number of the last record (0: none yet); Rolls
	// the number of dice rolled so far (the next roll's index).
	Seq   int `json:"seq"`
	Rolls int `json:"rolls"`
	// Deadline is the game's next deadline (zero: none).
	Deadline time.Time `json:"deadline,omitzero"`
	// Ending says how a game ended outside its log, in English: a
	// concession, a draw by agreement, a forfeit ("B wins: alice (A)
	// conceded"); empty when the rules ended it (or it goes on).
	Ending string `json:"ending,omitempty"`
	// ScenarioSum is the SHA-256 of the game's stored scenario, the
	// resolved copy it plays (EncodeScenario); CreateGame sets it.
	ScenarioSum string `json:"scenario_sum,omitempty"`
	// ScenarioNote, set only for a game stored before scenarios were
	// (schema 1, export version 1), says why the game does not play the
	// version it started on: the version shipped when it was migrated had
	// another hash, or none was found. Empty for every other game.
	ScenarioNote string `json:"scenario_note,omitempty"`
}

// Side returns the side user sits on, or Nobody.
func (m *GameMeta) Side(user string) game.Side {
	for _, s := range game.Sides {
		if m.Seats[s] == user && user != "" {
			return s
		}
	}
	return game.Nobody
}

const (
	maxIDLen   = 64
	maxNameLen = 512
	maxNoteLen = 4096
)

// ValidID reports whether id can name a game: 1 to 64 letters, digits,
// '.', '_' or '-'.
func ValidID(id string) error {
	if id == "" {
		return badInput("game id is empty")
	}
	if len(id) > maxIDLen {
		return badInput("game id %.20q… is longer than %d bytes", id, maxIDLen)
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
			return badInput("game id %q: character %q (want letters, digits, '.', '_', '-')", id, r)
		}
	}
	return nil
}

// validName checks a room or user id: non-empty UTF-8 without NUL bytes.
func validName(field, v string) error {
	switch {
	case v == "":
		return badInput("%s is empty", field)
	case len(v) > maxNameLen:
		return badInput("%s is longer than %d bytes", field, maxNameLen)
	case !utf8.ValidString(v):
		return badInput("%s %q is not UTF-8", field, v)
	case strings.IndexByte(v, 0) >= 0:
		return badInput("%s %q contains a NUL byte", field, v)
	}
	return nil
}

// validate checks the fields a caller fills in.
func (m *GameMeta) validate() error {
	if err := ValidID(m.ID); err != nil {
		return err
	}
	for _, f := range []struct{ name, v string }{
		{"ruleset", m.Ruleset}, {"ruleset_version", m.RulesetVersion},
		{"scenario", m.Scenario}, {"scenario_hash", m.ScenarioHash},
	} {
		if f.v == "" {
			return badInput("game %s: %s is empty", m.ID, f.name)
		}
		if err := validName(f.name, f.v); err != nil {
			return err
		}
	}
	if m.ScenarioSum != "" {
		if b, err := hex.DecodeString(m.ScenarioSum); err != nil || len(b) != 32 || hex.EncodeToString(b) != m.ScenarioSum {
			return badInput("game %s: scenario_sum %.20q is not a SHA-256 in lower-case hex", m.ID, m.ScenarioSum)
		}
	}
	if len(m.ScenarioNote) > maxNoteLen || !utf8.ValidString(m.ScenarioNote) || strings.IndexByte(m.ScenarioNote, 0) >= 0 {
		return badInput("game %s: scenario_note: want UTF-8 without NUL, at most %d bytes", m.ID, maxNoteLen)
	}
	if !m.Status.valid() {
		return badInput("game %s: status %q (want open, active, over or abandoned)", m.ID, m.Status)
	}
	for s, u := range m.Seats {
		if !s.Valid() {
			return badInput("game %s: seat for side %v (want A or B)", m.ID, s)
		}
		if err := validName("seat "+s.String(), u); err != nil {
			return err
		}
	}
	seen := map[string]bool{}
	for _, r := range m.Rooms {
		if err := validName("room", r); err != nil {
			return err
		}
		if seen[r] {
			return badInput("game %s: room %q listed twice", m.ID, r)
		}
		seen[r] = true
	}
	for k, v := range m.Options {
		if k == "" || strings.IndexByte(k+v, 0) >= 0 || !utf8.ValidString(k+v) {
			return badInput("game %s: option %q", m.ID, k)
		}
	}
	if m.Seq < 0 || m.Rolls < 0 {
		return badInput("game %s: negative seq or rolls", m.ID)
	}
	if !m.Deadline.IsZero() {
		if _, err := deadlineKey(m.Deadline, m.ID); err != nil {
			return err
		}
	}
	return nil
}

// playerSides maps each seated user to the sides they hold ("A", "B",
// "AB").
func (m *GameMeta) playerSides() map[string]string {
	out := map[string]string{}
	for _, s := range game.Sides {
		if u := m.Seats[s]; u != "" {
			out[u] += s.String()
		}
	}
	return out
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func (m *GameMeta) String() string {
	return fmt.Sprintf("%s (%s %s, scenario %s, %s, record %d)", m.ID, m.Ruleset, m.RulesetVersion, m.Scenario, m.Status, m.Seq)
}
