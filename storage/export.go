package storage

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	bolt "go.etcd.io/bbolt"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
)

// ExportFormat and ExportVersion identify the JSONL export (docs/export.md).
// Version 2 added the scenario line; ReadExport still reads version 1.
const (
	ExportFormat  = "grognard-game"
	ExportVersion = 2
)

// exportHeader is the first line of an export.
type exportHeader struct {
	Type    string   `json:"type"` // "game"
	Format  string   `json:"format"`
	Version int      `json:"version"`
	Game    GameMeta `json:"game"`
	// View, in a per-side export (WriteExportView), is the side whose
	// view it is; ReadExport refuses such a file.
	View string `json:"view,omitempty"`
}

// exportScenario is the second line: the scenario the game plays, as
// stored (its SHA-256 is the game line's scenario_sum).
type exportScenario struct {
	Type     string          `json:"type"` // "scenario"
	Scenario json.RawMessage `json:"scenario"`
}

// exportRecord is one record line.
type exportRecord struct {
	Type string `json:"type"` // "record"
	LogEntry
}

// exportEnd is the last line: counts that let a reader see truncation.
type exportEnd struct {
	Type    string `json:"type"` // "end"
	Records int    `json:"records"`
	Rolls   int    `json:"rolls"`
}

// Exported is a game read from an export: its meta, the scenario it
// plays (as stored: EncodeScenario; nil in an export of version 1 until
// Resolve fills it in) and its log.
type Exported struct {
	Meta     GameMeta
	Scenario []byte
	Entries  []LogEntry
}

// Export writes the game as JSONL: a header line with the meta, one line
// per record, an end line. The secret seed is included (in the meta's
// "seed" field) only once the game has ended. Snapshots are not exported;
// they are rebuilt from the log. The export is the full record, secret
// events of either side included: it is an operator's and archive format,
// not something to hand a player while the game is on.
func (s *Store) Export(gameID string, w io.Writer) error {
	return s.view(func(tx *bolt.Tx) error {
		gb, m, err := gameBucket(tx, gameID)
		if err != nil {
			return unreject(err)
		}
		entries, err := readLog(gb, gameID, 1)
		if err != nil {
			return err
		}
		return WriteExport(w, &Exported{Meta: *m, Scenario: gb.Get(keyScenario), Entries: entries})
	})
}

// WriteExport writes x in the export format (with the seed only if the
// game has ended). x must carry its scenario.
func WriteExport(w io.Writer, x *Exported) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	m := x.Meta
	if !m.Status.Ended() {
		m.Seed = ""
	}
	if err := writeHead(enc, m, x.Scenario, ""); err != nil {
		return err
	}
	for i := range x.Entries {
		if err := enc.Encode(exportRecord{Type: "record", LogEntry: x.Entries[i]}); err != nil {
			return err
		}
	}
	if err := enc.Encode(exportEnd{Type: "end", Records: len(x.Entries), Rolls: m.Rolls}); err != nil {
		return err
	}
	return bw.Flush()
}

// writeHead writes the game line and the scenario line. A view of a game
// still on has no scenario line: the scenario lists every unit of both
// sides with its name and values, which hidden-information rulesets mask
// (face-down counters), and a view cannot be read back anyway.
func writeHead(enc *json.Encoder, m GameMeta, scenario []byte, view string) error {
	if scenario == nil {
		return fmt.Errorf("export of game %s: no scenario (Resolve fills in that of an old export)", m.ID)
	}
	if err := enc.Encode(exportHeader{Type: "game", Format: ExportFormat, Version: ExportVersion, Game: m, View: view}); err != nil {
		return err
	}
	if view != "" && !m.Status.Ended() {
		return nil
	}
	return enc.Encode(exportScenario{Type: "scenario", Scenario: scenario})
}

// ReadExport reads and validates an export: known format and version, a
// valid meta, the scenario whose SHA-256 the meta records (version 2),
// records 1..N without gaps whose dice indices follow on, an end line
// whose counts match, a seed only for an ended game and one that matches
// the commitment.
func ReadExport(r io.Reader) (*Exported, error) {
	dec := json.NewDecoder(bufio.NewReader(r))
	line := 0
	next := func() (json.RawMessage, string, error) {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			if errors.Is(err, io.EOF) {
				return nil, "", io.EOF
			}
			return nil, "", fmt.Errorf("%w: export line %d: %v", ErrBadInput, line+1, err)
		}
		line++
		var t struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal(raw, &t); err != nil {
			return nil, "", fmt.Errorf("%w: export line %d: %v", ErrBadInput, line, err)
		}
		return raw, t.Type, nil
	}
	strict := func(raw json.RawMessage, v any) error {
		d := json.NewDecoder(bytes.NewReader(raw))
		d.DisallowUnknownFields()
		if err := d.Decode(v); err != nil {
			return fmt.Errorf("%w: export line %d: %v", ErrBadInput, line, err)
		}
		return nil
	}

	raw, typ, err := next()
	if errors.Is(err, io.EOF) {
		return nil, badInput("export is empty")
	}
	if err != nil {
		return nil, err
	}
	if typ != "game" {
		return nil, badInput("export line 1: type %q, want \"game\"", typ)
	}
	var h exportHeader
	if err := strict(raw, &h); err != nil {
		return nil, err
	}
	if h.Format != ExportFormat {
		return nil, badInput("export line 1: format %q, want %q", h.Format, ExportFormat)
	}
	if h.View != "" {
		return nil, badInput("export line 1: this is side %s's view of game %s, not its log: it cannot be read back", h.View, h.Game.ID)
	}
	if h.Version != 1 && h.Version != ExportVersion {
		return nil, badInput("export line 1: version %d (this build reads 1 to %d)", h.Version, ExportVersion)
	}
	x := &Exported{Meta: h.Game}
	m := &x.Meta
	if err := m.validate(); err != nil {
		return nil, fmt.Errorf("export line 1: %w", err)
	}
	if h.Version == 1 && (m.ScenarioSum != "" || m.ScenarioNote != "") {
		return nil, badInput("export line 1: a version 1 export has no scenario_sum or scenario_note")
	}
	if h.Version >= 2 {
		raw, typ, err := next()
		if errors.Is(err, io.EOF) || err == nil && typ != "scenario" {
			return nil, badInput("export line 2: want the \"scenario\" line")
		}
		if err != nil {
			return nil, err
		}
		var sl exportScenario
		if err := strict(raw, &sl); err != nil {
			return nil, err
		}
		if x.Scenario, err = compactJSON(sl.Scenario); err != nil || len(sl.Scenario) == 0 {
			return nil, badInput("export line 2: the scenario is not JSON")
		}
		if _, err := gameScenario(m, x.Scenario); err != nil {
			return nil, badInput("export line 2: %v", err)
		}
	}
	if m.Seed != "" {
		if !m.Status.Ended() {
			return nil, badInput("export line 1: game %s is %s but the export carries its seed", m.ID, m.Status)
		}
		seed, err := hex.DecodeString(m.Seed)
		if err != nil || dice.Commitment(seed) != m.Commitment {
			return nil, badInput("export line 1: seed does not match the commitment %s", m.Commitment)
		}
	}

	rolls := 0
	interactions := map[string]int{}
	for {
		raw, typ, err := next()
		if errors.Is(err, io.EOF) {
			return nil, badInput("export ends after line %d without an \"end\" line (truncated?)", line)
		}
		if err != nil {
			return nil, err
		}
		if typ == "end" {
			var end exportEnd
			if err := strict(raw, &end); err != nil {
				return nil, err
			}
			if end.Records != len(x.Entries) || end.Records != m.Seq {
				return nil, badInput("export line %d: end says %d records, the file has %d and the meta says %d", line, end.Records, len(x.Entries), m.Seq)
			}
			if end.Rolls != rolls || rolls != m.Rolls {
				return nil, badInput("export line %d: end says %d dice, the records roll %d and the meta says %d", line, end.Rolls, rolls, m.Rolls)
			}
			break
		}
		if typ != "record" {
			return nil, badInput("export line %d: type %q, want \"record\" or \"end\"", line, typ)
		}
		var rec exportRecord
		if err := strict(raw, &rec); err != nil {
			return nil, err
		}
		e := rec.LogEntry
		if want := len(x.Entries) + 1; e.Seq != want {
			return nil, badInput("export line %d: record %d, want %d", line, e.Seq, want)
		}
		for _, r := range e.Rolls {
			if r.Index != rolls {
				return nil, badInput("export line %d: record %d: roll index %d, want %d", line, e.Seq, r.Index, rolls)
			}
			if r.Sides < 1 || r.Value < 1 || r.Value > r.Sides {
				return nil, badInput("export line %d: record %d: roll %d on a d%d", line, e.Seq, r.Value, r.Sides)
			}
			rolls++
		}
		var evs []json.RawMessage
		if err := json.Unmarshal(e.Events, &evs); err != nil {
			return nil, badInput("export line %d: record %d: events are not a list", line, e.Seq)
		}
		for _, f := range []struct{ name, v string }{{"actor", e.Actor}, {"interaction", e.Interaction}} {
			if f.v != "" {
				if err := validName(f.name, f.v); err != nil {
					return nil, fmt.Errorf("export line %d: %w", line, err)
				}
			}
		}
		if e.Interaction != "" {
			if prev, dup := interactions[e.Interaction]; dup {
				return nil, badInput("export line %d: record %d repeats interaction %q of record %d", line, e.Seq, e.Interaction, prev)
			}
			interactions[e.Interaction] = e.Seq
		}
		x.Entries = append(x.Entries, e)
	}
	var extra json.RawMessage
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		return nil, badInput("export has data after its \"end\" line (line %d)", line+1)
	}
	return x, nil
}

// Import reads an export into the store as the same game (same id, meta,
// records, room bindings, seats, deadline and interaction ids), so that
// exporting it again gives the same bytes. The game must not exist
// (ErrExists). An unfinished game comes without its seed: it can be
// replayed and audited later but cannot roll dice (Seed gives ErrNoSeed).
// Snapshots are not written; Load replays the log, or call
// RebuildSnapshot. Import checks the file's structure, not its rules: a
// log from outside goes through ImportChecked (grognard import does).
func (s *Store) Import(r io.Reader) (GameMeta, error) {
	x, err := ReadExport(r)
	if err != nil {
		return GameMeta{}, err
	}
	return x.Meta, s.importGame(x)
}

func (s *Store) importGame(x *Exported) error {
	c, err := ImportCopy(x)
	if err != nil {
		return err
	}
	return s.PutGameCopy(c)
}

// ImportCopy is the game an import of x stores: its meta, scenario and
// records, the seed when the export reveals it, and the interaction ids of
// its records (stored at the records' times). No snapshots: Load replays
// the log, or RebuildSnapshot writes one.
func ImportCopy(x *Exported) (*GameCopy, error) {
	if x.Scenario == nil {
		return nil, badInput("import of game %s: a version 1 export carries no scenario; ImportChecked (grognard import) takes the shipped one", x.Meta.ID)
	}
	c := &GameCopy{Meta: x.Meta, Scenario: x.Scenario, Entries: x.Entries}
	if x.Meta.Seed != "" {
		c.Seed, _ = hex.DecodeString(x.Meta.Seed)
	}
	for _, e := range x.Entries {
		if e.Interaction != "" {
			c.Interactions = append(c.Interactions, InteractionEntry{ID: e.Interaction, Seq: e.Seq, At: e.Time})
		}
	}
	return c, nil
}

// ReadGame returns a stored game in the same form as ReadExport, seed
// included only if the game has ended.
func (s *Store) ReadGame(gameID string) (*Exported, error) {
	var x *Exported
	err := s.view(func(tx *bolt.Tx) error {
		gb, m, err := gameBucket(tx, gameID)
		if err != nil {
			return err
		}
		entries, err := readLog(gb, gameID, 1)
		if err != nil {
			return err
		}
		if !m.Status.Ended() {
			m.Seed = ""
		}
		x = &Exported{Meta: *m, Scenario: bytes.Clone(gb.Get(keyScenario)), Entries: entries}
		return nil
	})
	return x, unreject(err)
}

// CheckExport re-decides an export's log with the rules res finds, as
// check --redecide does: every record's command must be accepted at the
// logged clock with the logged dice and give exactly the logged events,
// written as the rules write them. A log the rules did not write (a
// crafted event, an edited roll, an unknown unit, a hex off the map) is
// refused with an error naming the first bad record.
//
// An export of version 1 gets the shipped scenario (see Resolve).
func CheckExport(res Resolver, x *Exported) (err error) {
	r, sc, err := Resolve(res, x)
	if err != nil {
		return err
	}
	defer func() { // a crafted scenario may break the ruleset's Start
		if p := recover(); p != nil {
			err = badInput("the game does not start from its scenario: %v", p)
		}
	}()
	recs := make([]game.Record, len(x.Entries))
	for i := range x.Entries {
		e := &x.Entries[i]
		rec, err := e.Record(r)
		if err != nil {
			return badInput("record %d: %v", e.Seq, err)
		}
		b, err := json.Marshal(rec.Events)
		if err != nil || !sameJSON(b, e.Events) {
			return badInput("record %d: events are not written as the %s rules write them", e.Seq, r.Name())
		}
		recs[i] = rec
	}
	if err := game.RedecideSince(x.Meta.RulesetVersion, r, sc, x.Meta.Options, recs); err != nil {
		return badInput("the log does not re-decide%s: %v", versionNote(r, &x.Meta), err)
	}
	return nil
}

// ImportChecked is Import for a log from outside: CheckExport first, and
// on refusal nothing is written.
func (s *Store) ImportChecked(r io.Reader, res Resolver) (GameMeta, error) {
	x, err := ReadExport(r)
	if err != nil {
		return GameMeta{}, err
	}
	if err := CheckExport(res, x); err != nil {
		return GameMeta{}, fmt.Errorf("import of game %s refused: %w", x.Meta.ID, err)
	}
	s.noteScenario(&x.Meta)
	return x.Meta, s.importGame(x)
}

// WriteExportView writes what side may see of a game, in the export format
// with "view" in its header: a player's copy of the log, which ReadExport
// (so import, replay and audit) refuses. Until the game ends, an event
// the side may not see (game.AudienceOf) is left out, and a record whose
// events the side may not all see (game.RecordAudience) keeps only who
// gave it: its text, its command and its dice are left out too (dice can
// tell a secret shuffle), and so is the scenario line (its unit list tells
// which counter is which). Once the game has ended everything is public.
//
// Side game.Nobody is a spectator's view ("view": "spectator"): only
// public events, no secret order (the web view's export).
func WriteExportView(w io.Writer, x *Exported, r game.Ruleset, side game.Side) error {
	view := side.String()
	switch {
	case side == game.Nobody:
		view = "spectator"
	case !side.Valid():
		return fmt.Errorf("export view: side %v (want A, B or Nobody)", side)
	}
	m := x.Meta
	if !m.Status.Ended() {
		m.Seed = ""
	}
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	if err := writeHead(enc, m, x.Scenario, view); err != nil {
		return err
	}
	for i := range x.Entries {
		e := x.Entries[i]
		if !m.Status.Ended() {
			rec, err := e.Record(r)
			if err != nil {
				return err
			}
			var shown game.Events
			for _, ev := range rec.Events {
				if game.VisibleTo(ev, side) {
					shown = append(shown, ev)
				}
			}
			if !game.RecordAudience(rec).Allows(side) {
				e.Text, e.Command, e.Rolls = "", game.Command{Side: e.Command.Side, Verb: "secret"}, nil
			}
			if e.Events, err = json.Marshal(append(game.Events{}, shown...)); err != nil {
				return err
			}
		}
		if err := enc.Encode(exportRecord{Type: "record", LogEntry: e}); err != nil {
			return err
		}
	}
	if err := enc.Encode(exportEnd{Type: "end", Records: len(x.Entries), Rolls: m.Rolls}); err != nil {
		return err
	}
	return bw.Flush()
}
