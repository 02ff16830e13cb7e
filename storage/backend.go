package storage

import (
	"context"
	"io"
	"time"

	"github.com/grognard/grognard/game"
)

// Backend is a grognard store as the bot and the command-line tools use
// it, whichever engine keeps it: *Store (bbolt, this package, the
// default) and *postgres.Store (storage/postgres) implement it with the
// same semantics: one transaction per accepted order checked against the
// expected sequence number (ErrConflict), idempotent interaction ids
// (ErrDuplicate), the room, player and deadline indexes, snapshots,
// application values, server settings, export and import.
//
// What a backend must do inside its transactions is shared here (the
// exported helpers of shared.go: NewGame, PrepareAppend, the Change
// edits, LoadGame, CheckCopy), so that the rules of the store are
// written once; a backend only reads and writes.
type Backend interface {
	CreateGame(meta GameMeta, sc *game.Scenario, seed []byte) (GameMeta, error)
	Meta(gameID string) (GameMeta, error)
	Scenario(gameID string) (*game.Scenario, error)
	Seed(gameID string) ([]byte, error)
	SetStatus(gameID string, st Status) (GameMeta, error)
	SetEnding(gameID, ending string) (GameMeta, error)
	SetSeat(gameID string, side game.Side, user string) (GameMeta, error)
	Bind(gameID, room string) (GameMeta, error)
	Unbind(gameID, room string) (GameMeta, error)
	SetDeadline(gameID string, at time.Time) (GameMeta, error)

	Games(after string, limit int) ([]GameMeta, error)
	GamesInRoom(room string) ([]string, error)
	GamesOfPlayer(user string) ([]string, error)
	DueDeadlines(now time.Time, limit int) ([]Deadline, error)
	NextDeadline() (Deadline, bool, error)

	Append(gameID string, expectSeq int, rec game.Record, interactionID string) error
	AppendEntry(gameID string, expectSeq int, e Entry) error
	TruncateLog(gameID string, expectSeq, keep int) ([]LogEntry, error)
	Records(gameID string, from int) ([]LogEntry, error)
	Interaction(id string) (gameID string, seq int, ok bool, err error)
	ForgetInteractions(before time.Time) (int, error)

	PutSnapshot(gameID string, seq, rolls int, st game.State) error
	LatestSnapshot(gameID string) (Snapshot, bool, error)
	Snapshots(gameID string) ([]Snapshot, error)
	Load(gameID string, res Resolver) (*game.Game, GameMeta, error)
	Replay(gameID string, res Resolver) (*game.Game, GameMeta, error)
	RebuildSnapshot(gameID string, res Resolver) error

	PutValue(key string, val []byte) error
	// SwapValue stores val only over the value old (nil: none), and
	// reports whether it did: several processes' compare-and-swap.
	SwapValue(key string, old, val []byte) (bool, error)
	Value(key string) ([]byte, error)
	Values(prefix string) ([]KeyValue, error)
	PutServerSettings(server string, val []byte) error
	ServerSettings(server string) ([]byte, error)
	// Servers lists every server's settings, in key order.
	Servers() ([]KeyValue, error)

	Export(gameID string, w io.Writer) error
	ReadGame(gameID string) (*Exported, error)
	Import(r io.Reader) (GameMeta, error)
	ImportChecked(r io.Reader, res Resolver) (GameMeta, error)
	Audit(gameID string) (*AuditReport, error)
	Check(ctx context.Context, opts CheckOptions) (*Report, error)

	// CopyGame reads everything the store keeps of a game, secret seed
	// included; PutGameCopy writes such a copy as a new game (ErrExists
	// when the id is taken). They are what `grognard migrate` moves.
	CopyGame(gameID string) (*GameCopy, error)
	PutGameCopy(c *GameCopy) error

	Close() error
}

var _ Backend = (*Store)(nil)
