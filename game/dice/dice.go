// Package dice provides the two Dice of the kernel: Seeded, the
// commit–reveal dice of real games, and Fixed, the dice of tests.
//
// A seeded game draws a 32-byte secret seed at creation and publishes
// Commitment(seed), the SHA-256 of the seed in hex. Roll k of the game is
// derived from HMAC-SHA256(seed, k) by rejection sampling, so nobody can
// predict a roll without the seed, and once the seed is revealed at the
// end of the game anyone can recompute every roll with Value and compare
// it with the log.
package dice

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"sync"

	"github.com/grognard/grognard/game"
)

// NewSeed returns a fresh random seed.
func NewSeed() []byte {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return b
}

// SeedFromInt derives a seed from a number, for scripts and tests that
// want reproducible games (`--seed N`).
func SeedFromInt(n int64) []byte {
	s := sha256.Sum256([]byte(fmt.Sprintf("grognard-seed-%d", n)))
	return s[:]
}

// Commitment is the public hash of a seed, shown when a game starts.
func Commitment(seed []byte) string {
	s := sha256.Sum256(seed)
	return hex.EncodeToString(s[:])
}

// Value is roll number k (from 0) with the given number of sides.
func Value(seed []byte, k int, sides int) int {
	if sides < 1 {
		panic("dice: sides < 1")
	}
	limit := ^uint64(0) - (^uint64(0) % uint64(sides))
	for attempt := uint64(0); ; attempt++ {
		m := hmac.New(sha256.New, seed)
		var buf [16]byte
		binary.BigEndian.PutUint64(buf[:8], uint64(k))
		binary.BigEndian.PutUint64(buf[8:], attempt)
		m.Write(buf[:])
		v := binary.BigEndian.Uint64(m.Sum(nil)[:8])
		if v < limit {
			return int(v%uint64(sides)) + 1
		}
	}
}

// Seeded rolls the game's dice stream from position Next on.
type Seeded struct {
	Seed []byte
	Next int
}

func (s *Seeded) Roll(sides int) int {
	v := Value(s.Seed, s.Next, sides)
	s.Next++
	return v
}

// Fixed hands out the given values in order and panics with
// game.ErrDiceExhausted when there are none left. Left reports how many
// were not used, so a test can insist every value was consumed.
type Fixed struct {
	Values []int
	pos    int
}

// NewFixed returns fixed dice with the values.
func NewFixed(v ...int) *Fixed { return &Fixed{Values: v} }

func (f *Fixed) Roll(sides int) int {
	if f.pos >= len(f.Values) {
		panic(game.ErrDiceExhausted)
	}
	v := f.Values[f.pos]
	f.pos++
	if v < 1 || v > sides {
		panic(fmt.Errorf("dice: fixed value %d is not a d%d roll: %w", v, sides, game.ErrDiceExhausted))
	}
	return v
}

// Left is the number of unused values.
func (f *Fixed) Left() int { return len(f.Values) - f.pos }

// Used is the number of values rolled.
func (f *Fixed) Used() int { return f.pos }

// Forced is a queue of die values forced on several games at once: chat
// tests force the next rolls of whichever game rolls next. When it is
// empty each game rolls its own seeded dice, whose stream position is kept
// in step with the forced rolls. Safe for concurrent use.
type Forced struct {
	mu     sync.Mutex
	values []int
	rolled int
}

// Push queues forced values.
func (f *Forced) Push(v ...int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.values = append(f.values, v...)
}

// Left returns the forced values not rolled yet.
func (f *Forced) Left() []int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]int(nil), f.values...)
}

// Rolled counts every die rolled through the queue, forced or seeded.
func (f *Forced) Rolled() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.rolled
}

// Over returns a game's dice: forced values first, then the game's seeded
// dice.
func (f *Forced) Over(seeded Seeded) game.Dice { return &forcedRoll{f: f, seeded: seeded} }

type forcedRoll struct {
	f      *Forced
	seeded Seeded
}

func (r *forcedRoll) Roll(sides int) int {
	r.f.mu.Lock()
	defer r.f.mu.Unlock()
	r.f.rolled++
	if len(r.f.values) > 0 {
		v := r.f.values[0]
		r.f.values = r.f.values[1:]
		r.seeded.Next++
		return v
	}
	return r.seeded.Roll(sides)
}
