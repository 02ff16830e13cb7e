package storage

import (
	"errors"
	"fmt"
)

// Sentinel errors. Callers test them with errors.Is; the concrete errors
// returned carry the game, the field or the bucket involved.
var (
	// ErrNotFound: no game with that id.
	ErrNotFound = errors.New("storage: no such game")
	// ErrExists: CreateGame or Import with an id already in the store.
	ErrExists = errors.New("storage: game already exists")
	// ErrConflict: the game's state changed since the caller loaded it
	// (another order was stored first). Reload the game and decide again,
	// or tell the player the state changed.
	ErrConflict = errors.New("storage: state changed")
	// ErrDuplicate: the interaction id was already processed; the order it
	// carried is stored once and nothing changed this time.
	ErrDuplicate = errors.New("storage: interaction already processed")
	// ErrEnded: the game is over or abandoned and takes no more orders.
	ErrEnded = errors.New("storage: game has ended")
	// ErrNoSeed: the store holds no seed for the game (an unfinished game
	// imported from an export, which never carries the seed of a game on).
	ErrNoSeed = errors.New("storage: no seed for this game")
	// ErrBadInput: a caller passed an invalid id, meta field or record;
	// the message names the field. Nothing was written.
	ErrBadInput = errors.New("storage: invalid input")
	// ErrNotStore: the file is not a grognard store (not a bbolt file, a
	// bbolt file of another program, or damaged beyond opening).
	ErrNotStore = errors.New("storage: not a grognard store")
	// ErrDamaged: the file is a bbolt database whose pages do not hold
	// together (a page referenced twice or lost, a damaged page header or
	// element table, keys out of order): the page check of Open (and
	// CheckFile) refuses it before bbolt reads it. The concrete error is a
	// *DamageError.
	ErrDamaged = errors.New("storage: store is damaged")
	// ErrSchema: the store's schema version is not one this build reads,
	// or a bucket the version requires is missing.
	ErrSchema = errors.New("storage: unsupported store schema")
	// ErrLocked: another process holds the store open.
	ErrLocked = errors.New("storage: store is locked by another process")
	// ErrReadOnly: a write on a store opened read-only.
	ErrReadOnly = errors.New("storage: store opened read-only")
	// ErrScenario: a game's stored scenario is missing, does not match
	// the SHA-256 its meta records (GameMeta.ScenarioSum), does not decode,
	// or is not the scenario the meta names. The message names the game.
	ErrScenario = errors.New("storage: bad stored scenario")
	// ErrClosed: the store was closed.
	ErrClosed = errors.New("storage: store closed")
)

// ConflictError is the ErrConflict of one Append: the sequence number the
// caller expected and the one the store has.
type ConflictError struct {
	Game     string
	Expected int
	Actual   int
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("game %s: state changed (expected sequence %d, store has %d)", e.Game, e.Expected, e.Actual)
}

func (e *ConflictError) Unwrap() error { return ErrConflict }

// DuplicateError is the ErrDuplicate of one Append: where the order of
// that interaction was stored.
type DuplicateError struct {
	Interaction string
	Game        string
	Seq         int
}

func (e *DuplicateError) Error() string {
	return fmt.Sprintf("interaction %q already processed (game %s, record %d)", e.Interaction, e.Game, e.Seq)
}

func (e *DuplicateError) Unwrap() error { return ErrDuplicate }

func badInput(format string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrBadInput, fmt.Sprintf(format, a...))
}

func notFound(id string) error { return fmt.Errorf("%w: %q", ErrNotFound, id) }

// rejected marks an error returned by a write function before it wrote
// anything: the group committer reports it to that caller alone and keeps
// the other writes of the batch.
type rejected struct{ err error }

func (r rejected) Error() string { return r.err.Error() }
func (r rejected) Unwrap() error { return r.err }

func reject(err error) error { return rejected{err} }
