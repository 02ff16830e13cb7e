package storage

import (
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/grognard/grognard/game/dice"
)

// ErrSeedHidden: an audit of a game whose seed is not revealed yet.
var ErrSeedHidden = errors.New("storage: the seed is revealed when the game ends")

// Mismatch is a logged die that the revealed seed does not give.
type Mismatch struct {
	Seq      int `json:"seq"`
	Index    int `json:"index"`
	Sides    int `json:"sides"`
	Logged   int `json:"logged"`
	Computed int `json:"computed"`
}

func (m Mismatch) String() string {
	return fmt.Sprintf("record %d, die %d (d%d): log says %d, seed gives %d", m.Seq, m.Index, m.Sides, m.Logged, m.Computed)
}

// AuditReport is the result of Audit.
type AuditReport struct {
	Game       string     `json:"game"`
	Commitment string     `json:"seed_commitment"`
	Seed       string     `json:"seed"`
	Dice       int        `json:"dice"`
	Mismatches []Mismatch `json:"mismatches,omitempty"`
	// Problems are faults other than wrong values: a seed that does not
	// match the commitment, dice indices that skip or repeat.
	Problems []string `json:"problems,omitempty"`
}

// OK reports whether every die matched.
func (a *AuditReport) OK() bool { return len(a.Mismatches) == 0 && len(a.Problems) == 0 }

// Audit recomputes every logged die from the game's revealed seed with
// dice.Value and reports each one that differs. It refuses (ErrSeedHidden)
// while the seed is secret. It needs no ruleset.
func Audit(x *Exported) (*AuditReport, error) {
	m := &x.Meta
	if m.Seed == "" {
		if m.Status.Ended() {
			return nil, fmt.Errorf("%w: game %s is %s but its seed was never stored here (an import of an unfinished game?)", ErrSeedHidden, m.ID, m.Status)
		}
		return nil, fmt.Errorf("%w: game %s is %s; its seed commitment is %s", ErrSeedHidden, m.ID, m.Status, m.Commitment)
	}
	seed, err := hex.DecodeString(m.Seed)
	if err != nil {
		return nil, badInput("game %s: revealed seed is not hex", m.ID)
	}
	rep := &AuditReport{Game: m.ID, Commitment: m.Commitment, Seed: m.Seed}
	if got := dice.Commitment(seed); got != m.Commitment {
		rep.Problems = append(rep.Problems, fmt.Sprintf("the seed hashes to %s, but the game published the commitment %s", got, m.Commitment))
	}
	next := 0
	for _, e := range x.Entries {
		for _, r := range e.Rolls {
			if r.Index != next {
				rep.Problems = append(rep.Problems, fmt.Sprintf("record %d: die index %d, want %d", e.Seq, r.Index, next))
			}
			next = r.Index + 1
			rep.Dice++
			if r.Sides < 1 {
				rep.Problems = append(rep.Problems, fmt.Sprintf("record %d: die %d has %d sides", e.Seq, r.Index, r.Sides))
				continue
			}
			if v := dice.Value(seed, r.Index, r.Sides); v != r.Value {
				rep.Mismatches = append(rep.Mismatches, Mismatch{Seq: e.Seq, Index: r.Index, Sides: r.Sides, Logged: r.Value, Computed: v})
			}
		}
	}
	return rep, nil
}

// Audit audits a stored game (see the package function Audit).
func (s *Store) Audit(gameID string) (*AuditReport, error) {
	x, err := s.ReadGame(gameID)
	if err != nil {
		return nil, err
	}
	return Audit(x)
}
