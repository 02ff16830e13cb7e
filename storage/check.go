package storage

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	bolt "go.etcd.io/bbolt"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
)

// CheckOptions select the checks beyond the structural ones.
type CheckOptions struct {
	// Resolver, when set, replays every game from its log and compares the
	// state with each stored snapshot.
	Resolver Resolver
	// Redecide (with a Resolver) also re-runs every logged command with its
	// recorded dice and reports records whose events differ (rules drift).
	Redecide bool
}

// Problem is one inconsistency found by Check.
type Problem struct {
	Game string `json:"game,omitempty"` // empty: the store as a whole
	Msg  string `json:"msg"`
}

func (p Problem) String() string {
	if p.Game == "" {
		return p.Msg
	}
	return "game " + p.Game + ": " + p.Msg
}

// Report is the result of Check.
type Report struct {
	Games     int       `json:"games"`
	Records   int       `json:"records"`
	Snapshots int       `json:"snapshots"`
	Replayed  int       `json:"replayed"`
	Problems  []Problem `json:"problems,omitempty"`
}

// OK reports whether no problem was found.
func (r *Report) OK() bool { return len(r.Problems) == 0 }

// Err returns nil, or an error listing the problems.
func (r *Report) Err() error {
	if r.OK() {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "storage: check found %d problem(s):", len(r.Problems))
	for _, p := range r.Problems {
		b.WriteString("\n  " + p.String())
	}
	return errors.New(b.String())
}

func (r *Report) add(gameID, format string, a ...any) {
	r.Problems = append(r.Problems, Problem{Game: gameID, Msg: fmt.Sprintf(format, a...)})
}

// Check verifies the store: bbolt's own page-level consistency check, then
// the store's structure (every game's meta and stored scenario, checked
// against the SHA-256 the meta records, a gapless log whose dice
// indices follow on, snapshots that match the log, seeds that match their
// commitments, and the room, player, deadline and interaction indexes
// against the metas), then, with a Resolver, that replaying each game's
// log gives each stored snapshot. The error is for a check that could not
// run; what it finds is in the Report.
func (s *Store) Check(ctx context.Context, opts CheckOptions) (*Report, error) {
	rep := &Report{}
	if err := s.boltCheck(rep); err != nil {
		return nil, err
	}
	var ids []string
	err := guard(s.path, func() error {
		return s.view(func(tx *bolt.Tx) error {
			var err error
			ids, err = checkStructure(ctx, tx, rep)
			return err
		})
	})
	if err != nil {
		return nil, err
	}
	if opts.Resolver == nil {
		return rep, nil
	}
	for _, id := range ids {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := s.checkReplay(id, opts, rep); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

// boltCheck runs bbolt's Tx.Check. On a writable store it runs inside a
// write transaction, as bbolt requires when other writers may be active.
func (s *Store) boltCheck(rep *Report) error {
	run := func(tx *bolt.Tx) error {
		return guard(s.path, func() error {
			for err := range tx.Check() {
				rep.add("", "bbolt: %v", err)
			}
			return nil
		})
	}
	if s.commit == nil {
		return s.view(run)
	}
	return s.update(func(tx *bolt.Tx) error { return reject(run(tx)) })
}

// checkStructure checks what needs no ruleset and returns the game ids.
func checkStructure(ctx context.Context, tx *bolt.Tx, rep *Report) ([]string, error) {
	if _, err := validate(tx, "store"); err != nil {
		rep.add("", "%v", err)
		return nil, nil
	}
	wantRooms := map[string]string{}
	wantPlayers := map[string]string{}
	wantDeadlines := map[string]string{}
	seq := map[string]int{}
	var ids []string
	games := tx.Bucket(bucketGames)
	seeds := tx.Bucket(bucketSeeds)
	err := games.ForEach(func(k, v []byte) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		id := string(k)
		gb := games.Bucket(k)
		if gb == nil {
			rep.add("", "key %q in %q is not a bucket", k, bucketGames)
			return nil
		}
		rep.Games++
		m, err := readMeta(gb, id)
		if err != nil {
			rep.add(id, "%v", err)
			return nil
		}
		ids = append(ids, id)
		if m.ID != id {
			rep.add(id, "meta has id %q", m.ID)
		}
		if err := m.validate(); err != nil {
			rep.add(id, "meta: %v", err)
		}
		seq[id] = m.Seq
		if _, err := gameScenario(m, gb.Get(keyScenario)); err != nil {
			rep.add(id, "%v", err)
		}
		checkLog(gb, m, rep)
		checkSeed(seeds.Get(k), m, rep)
		for _, r := range m.Rooms {
			wantRooms[string(pairKey(r, id))] = ""
		}
		for u, sides := range m.playerSides() {
			wantPlayers[string(pairKey(u, id))] = sides
		}
		if !m.Deadline.IsZero() {
			if dk, err := deadlineKey(m.Deadline, id); err == nil {
				wantDeadlines[string(dk)] = ""
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	seeds.ForEach(func(k, _ []byte) error {
		if games.Bucket(k) == nil {
			rep.add("", "seed for unknown game %q", k)
		}
		return nil
	})
	checkIndex(tx, bucketRooms, wantRooms, rep)
	checkIndex(tx, bucketPlayers, wantPlayers, rep)
	checkIndex(tx, bucketDeadlines, wantDeadlines, rep)
	tx.Bucket(bucketInteractions).ForEach(func(k, v []byte) error {
		var in interaction
		if err := json.Unmarshal(v, &in); err != nil {
			rep.add("", "interaction %q: %v", k, err)
			return nil
		}
		last, ok := seq[in.Game]
		if !ok {
			rep.add("", "interaction %q points at unknown game %q", k, in.Game)
			return nil
		}
		if in.Seq < 1 || in.Seq > last {
			rep.add(in.Game, "interaction %q points at record %d, the log ends at %d", k, in.Seq, last)
			return nil
		}
		raw := games.Bucket([]byte(in.Game)).Bucket(bucketLog).Get(seqKey(in.Seq))
		if e, err := decodeEntry(raw); err == nil && e.Interaction != string(k) {
			rep.add(in.Game, "interaction %q points at record %d, which came from %q", k, in.Seq, e.Interaction)
		}
		return nil
	})
	return ids, nil
}

// checkLog checks that the log runs 1..Seq without gaps, that dice indices
// follow on from 0 to Rolls, and that snapshots sit on the log.
func checkLog(gb *bolt.Bucket, m *GameMeta, rep *Report) {
	lb, sb := gb.Bucket(bucketLog), gb.Bucket(bucketSnap)
	if lb == nil || sb == nil {
		rep.add(m.ID, "missing %q or %q bucket", bucketLog, bucketSnap)
		return
	}
	rollsAfter := map[int]int{0: 0}
	next, rolls := 1, 0
	lb.ForEach(func(k, v []byte) error {
		n, ok := keySeq(k)
		if !ok {
			rep.add(m.ID, "bad log key %x", k)
			return nil
		}
		if n != next {
			rep.add(m.ID, "log has record %d where %d was expected", n, next)
		}
		next = n + 1
		e, err := decodeEntry(v)
		if err != nil {
			rep.add(m.ID, "record %d: %v", n, err)
			return nil
		}
		if e.Seq != n {
			rep.add(m.ID, "record under key %d says sequence %d", n, e.Seq)
		}
		for _, r := range e.Rolls {
			if r.Index != rolls {
				rep.add(m.ID, "record %d: roll index %d, want %d", n, r.Index, rolls)
			}
			rolls = r.Index + 1
		}
		rollsAfter[n] = rolls
		rep.Records++
		return nil
	})
	if next-1 != m.Seq {
		rep.add(m.ID, "log ends at record %d, meta says %d", next-1, m.Seq)
	}
	if rolls != m.Rolls {
		rep.add(m.ID, "log rolled %d dice, meta says %d", rolls, m.Rolls)
	}
	sb.ForEach(func(k, v []byte) error {
		rep.Snapshots++
		sn, err := decodeSnapshot(v)
		if err != nil {
			rep.add(m.ID, "snapshot %x: %v", k, err)
			return nil
		}
		if n, ok := keySeq(k); !ok || n != sn.Seq {
			rep.add(m.ID, "snapshot under key %x says sequence %d", k, sn.Seq)
		}
		want, ok := rollsAfter[sn.Seq]
		switch {
		case !ok:
			rep.add(m.ID, "snapshot at record %d, which is not in the log", sn.Seq)
		case want != sn.Rolls:
			rep.add(m.ID, "snapshot at record %d says %d dice rolled, the log says %d", sn.Seq, sn.Rolls, want)
		}
		return nil
	})
}

func checkSeed(seed []byte, m *GameMeta, rep *Report) {
	if seed != nil && dice.Commitment(seed) != m.Commitment {
		rep.add(m.ID, "stored seed does not match the commitment %s", m.Commitment)
	}
	if m.Seed != "" {
		b, err := hex.DecodeString(m.Seed)
		switch {
		case err != nil:
			rep.add(m.ID, "revealed seed is not hex")
		case dice.Commitment(b) != m.Commitment:
			rep.add(m.ID, "revealed seed does not match the commitment %s", m.Commitment)
		case !m.Status.Ended():
			rep.add(m.ID, "seed revealed while the game is %s", m.Status)
		}
	} else if m.Status.Ended() && seed != nil {
		rep.add(m.ID, "game is %s but its seed is not revealed", m.Status)
	}
}

// checkIndex compares an index bucket with the entries the metas imply.
func checkIndex(tx *bolt.Tx, name []byte, want map[string]string, rep *Report) {
	seen := map[string]bool{}
	tx.Bucket(name).ForEach(func(k, v []byte) error {
		w, ok := want[string(k)]
		switch {
		case !ok:
			rep.add("", "index %q has a stale entry %q", name, printable(k))
		case w != string(v):
			rep.add("", "index %q entry %q is %q, want %q", name, printable(k), v, w)
		}
		seen[string(k)] = true
		return nil
	})
	var missing []string
	for k := range want {
		if !seen[k] {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	for _, k := range missing {
		rep.add("", "index %q lacks entry %q", name, printable([]byte(k)))
	}
}

func printable(k []byte) string {
	return string(bytes.ReplaceAll(k, []byte{0}, []byte(" → ")))
}

// checkReplay replays one game and compares it with its snapshots.
func (s *Store) checkReplay(id string, opts CheckOptions, rep *Report) error {
	var (
		m       *GameMeta
		entries []LogEntry
		snaps   []Snapshot
		scb     []byte
	)
	err := s.view(func(tx *bolt.Tx) error {
		gb, meta, err := gameBucket(tx, id)
		if err != nil {
			return err
		}
		m, scb = meta, bytes.Clone(gb.Get(keyScenario))
		if entries, err = readLog(gb, id, 1); err != nil {
			return err
		}
		snaps, err = readSnapshots(gb, id)
		return err
	})
	if errors.Is(err, ErrNotFound) {
		return nil // deleted or renamed since the structural pass
	}
	if err != nil {
		rep.add(id, "%v", unreject(err))
		return nil
	}
	rep.Replayed++
	replayCheck(m, scb, entries, snaps, opts, rep)
	return nil
}

// replayCheck replays one game and compares it with its snapshots (and,
// with opts.Redecide, re-decides its log).
func replayCheck(m *GameMeta, scb []byte, entries []LogEntry, snaps []Snapshot, opts CheckOptions, rep *Report) {
	id := m.ID
	r, sc, err := resolve(opts.Resolver, m, scb)
	if err != nil {
		if !errors.Is(err, ErrScenario) { // the structural checks reported those
			rep.add(id, "%v", err)
		}
		return
	}
	recs, err := DecodeRecords(r, entries)
	if err != nil {
		rep.add(id, "%v", err)
		return
	}
	bySeq := map[int]Snapshot{}
	for _, sn := range snaps {
		bySeq[sn.Seq] = sn
	}
	err = func() (err error) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("replay panicked: %v", p)
			}
		}()
		g, err := game.Start(r, sc, m.Options)
		if err != nil {
			return err
		}
		compare := func() {
			sn, ok := bySeq[g.Seq]
			if !ok {
				return
			}
			st, err := json.Marshal(g.State)
			switch {
			case err != nil:
				rep.add(id, "replayed state at record %d: %v", g.Seq, err)
			case !sameJSON(st, sn.State):
				rep.add(id, "replay differs from the snapshot at record %d", g.Seq)
			case g.Rolls != sn.Rolls:
				rep.add(id, "replay rolled %d dice by record %d, the snapshot says %d", g.Rolls, g.Seq, sn.Rolls)
			}
		}
		compare()
		for _, rec := range recs {
			if rec.Seq != g.Seq+1 {
				return fmt.Errorf("record %d follows %d", rec.Seq, g.Seq)
			}
			g.Commit(rec)
			compare()
		}
		return nil
	}()
	if err != nil {
		rep.add(id, "replay: %v", err)
		return
	}
	if opts.Redecide {
		if err := game.RedecideSince(m.RulesetVersion, r, sc, m.Options, recs); err != nil {
			rep.add(id, "redecide%s: %v", versionNote(r, m), err)
		}
	}
}

// versionNote says, for a game that started under another version of its
// rules than this build's, that drift is to be expected: the rules
// changed since, and the log keeps replaying as it was written.
func versionNote(r game.Ruleset, m *GameMeta) string {
	if m.RulesetVersion == "" || m.RulesetVersion == r.Version() {
		return ""
	}
	return fmt.Sprintf(" (the game started under %s version %s, this build has version %s)", r.Name(), m.RulesetVersion, r.Version())
}
