// Package postgres keeps a grognard store in a PostgreSQL database: the
// same games, records, snapshots, indexes, application values and server
// settings as the bbolt store of package storage, with the same rules
// (storage.Backend), so that several grognard processes can share one
// store. It is chosen by a postgres:// URL in the configuration ([store]
// url) and filled from a bbolt file by `grognard migrate`.
//
// # Use
//
//	s, err := postgres.Open("postgres://grognard@db.example/grognard", postgres.Options{})
//	// then as a storage.Store: CreateGame, Load, AppendEntry, …
//
// # Tables (schema version 1)
//
//	grognard_store  name → value: magic "grognard store", schema "1", created
//	games           id, seq, meta (GameMeta JSON), scenario (JSON, as storage stores it), seed
//	records         (game, seq) → rolls (dice rolled by the end of the record), entry (the log entry's envelope)
//	snapshots       (game, seq) → snapshot (the snapshot's envelope)
//	rooms           (room, game)
//	players         (player, game) → sides
//	deadlines       game → at (Unix ns), indexed by (at, game)
//	interactions    id → game, seq, at (Unix ns)
//	app_values      key → value
//	servers         server → value
//
// Records, snapshots and metas are stored in exactly the bytes the bbolt
// store keeps (storage.EncodeEntry, storage.EncodeSnapshot, GameMeta
// JSON), so both backends read the same data and the same exports come
// out of them. Text keys use the "C" collation: they order byte-wise, as
// bbolt's keys do.
//
// # Transactions
//
// Every write is one transaction at the server's default isolation
// (READ COMMITTED on PostgreSQL). A write to a game first locks the
// game's row (SELECT … FOR UPDATE) and checks its sequence number there,
// in the database, so that two processes ordering the same game at once
// never lose or double an order: the second waits for the first, then
// sees the new sequence number and gets storage.ErrConflict. The
// primary keys of records (game, seq) and interactions (id) refuse a
// doubled record or interaction even without the lock. An order takes
// two round trips: BEGIN with the locking read, then the writes with
// COMMIT, each pipelined (pgx batches). SwapValue's compare-and-swap is
// one statement whose WHERE is the comparison. Multi-statement
// reads (Load, Records, exports) run in one REPEATABLE READ, READ ONLY
// transaction so that what they read holds together. A transaction that
// fails with a serialization failure or a deadlock (SQLSTATE 40001,
// 40P01) is retried whole. Durability is the server's: with PostgreSQL's
// default synchronous_commit an acknowledged order is on disk.
//
// docs/postgres.md lists every SQL feature used, for CockroachDB.
package postgres
