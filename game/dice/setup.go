package dice

import (
	"crypto/hmac"
	"crypto/sha256"
)

// SetUpDice returns the dice of a game's set-up (game.SetUpper): a stream
// of its own, keyed with HMAC-SHA256(seed, "grognard set-up"), so that
// set-up rolls never take indices of the game's stream and can be
// recomputed once the seed is revealed.
func SetUpDice(seed []byte) *Seeded {
	m := hmac.New(sha256.New, seed)
	m.Write([]byte("grognard set-up"))
	return &Seeded{Seed: m.Sum(nil)}
}
