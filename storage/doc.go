// Package storage keeps grognard's games in one bbolt file: per game its
// metadata, secret seed, append-only log of records and snapshots, plus the
// indexes the bot needs (room → games, player → games, deadline → game,
// processed interaction ids). It stores records and states; it never
// interprets a rule. Each game carries the resolved scenario it plays;
// whoever needs a game replayed passes a Resolver that returns the ruleset
// the game names.
//
// # Use
//
//	s, err := storage.Open("grognard.db", storage.Options{Resolver: res}) // res: to upgrade a schema 1 store
//	seed := dice.NewSeed()
//	sc, err = game.SetUp(r, sc, opts, dice.SetUpDice(seed)) // the scenario the game will play
//	meta, err := s.CreateGame(storage.GameMeta{Ruleset: "gs", RulesetVersion: r.Version(),
//		Seats: seats, Rooms: []string{room}}, sc, seed)
//	g, meta, err := s.Load(meta.ID, res)          // newest snapshot + records since
//	seed, err := s.Seed(meta.ID)
//	before := g.Seq
//	rec, err := g.Apply(text, cmd, &dice.Seeded{Seed: seed, Next: g.Rolls})
//	err = s.AppendEntry(meta.ID, before, storage.Entry{Record: rec, Interaction: id, State: g.State})
//	// errors.Is(err, storage.ErrConflict): another order came first; reload and decide again.
//	// errors.Is(err, storage.ErrDuplicate): this interaction was already stored; nothing changed.
//
// Append (or AppendEntry) is one write transaction, checked against the
// sequence number the caller decided on (optimistic concurrency); when it
// returns nil the record is on disk (bbolt fsyncs each commit). Writes from
// many goroutines go through a group committer: whatever is queued when the
// previous commit ends is committed together (at most Options.MaxBatch, 128
// by default), so a lone writer waits for one commit and a thousand games
// writing at once share fsyncs. There is no batching timer; bolt.DB.Batch's
// 10 ms MaxBatchDelay makes a few concurrent writers three times slower.
// A write refused for its own reasons (conflict, duplicate, bad input)
// never fails the others of its batch.
//
// # Backends
//
// Store is the bbolt backend, the default. Backend is the store as the
// bot and the command-line tools use it, whichever engine keeps it;
// storage/postgres implements it on PostgreSQL (docs/postgres.md) for
// several processes sharing one store. What a backend must do inside its
// transactions is written once here (shared.go): NewGame and
// PrepareAppend check and encode before the transaction,
// PendingAppend.Apply and the Change edits (ChangeStatus, ChangeSeat, …)
// check and update a game's meta inside it, LoadGame folds what Load
// read, CheckCopy checks one game; Export, Audit, ReplayLog and
// CheckExport work on an Exported game whichever backend read it. A
// backend only reads and writes. backendtest is the test suite every
// backend runs. CopyGame and PutGameCopy move a whole game (secret seed,
// snapshots and interaction ids included) between backends: `grognard
// migrate`.
//
// # Layout (schema version 2)
//
//	store/          magic "grognard store", schema "2", created
//	games/<id>/     meta  → GameMeta JSON
//	games/<id>/     scenario → the resolved game.Scenario JSON (see Scenarios)
//	games/<id>/log/       8-byte big-endian seq → {"v":1, LogEntry} JSON
//	games/<id>/snap/      8-byte big-endian seq → {"v":1, Snapshot} JSON (newest SnapshotKeep kept)
//	seeds/          <id> → the secret seed (raw bytes)
//	rooms/          <room> NUL <id> → ""
//	players/        <user> NUL <id> → the sides held ("A", "B", "AB")
//	deadlines/      8-byte big-endian Unix ns + <id> → ""
//	interactions/   <interaction id> → {"game", "seq", "at"}
//	app/            <key> → an application's own value (PutValue; created on first use)
//	servers/        <platform:server> → a chat server's settings JSON (PutServerSettings; created on first use)
//
// Game ids are 1–64 letters, digits, '.', '_', '-' (CreateGame assigns
// "g<N>" when none is given); room and user ids are any UTF-8 without NUL.
// A log entry is a game.Record (sequence, text, parsed command, dice,
// events as {"kind","data"}) plus the time, the actor and the interaction
// id. Events stay encoded in the store; LogEntry.Record and DecodeRecords
// decode them with the ruleset. A snapshot is the encoding/json of a
// game.State after record Seq with the dice count by then; it is a cache:
// Load falls back to the whole log when a snapshot does not decode, and
// Check compares every snapshot with a replay.
//
// # Scenarios
//
// A game never changes board because a new version of its scenario ships:
// CreateGame stores the resolved scenario with the game (the shipped one,
// a club's uploaded one, or the board a ruleset assembled or generated at
// set-up through game.SetUpper), and every Load, Replay, Check, Export and
// Store.Scenario uses that copy. The Resolver is asked only for rulesets,
// and for the scenarios of games stored before copies were (below).
//
// The copy is the encoding/json of the resolved *game.Scenario (its JSON
// form is complete: the map encodes its grid, cells, hexside features and
// links as sorted lists), compact, and GameMeta.ScenarioSum is the SHA-256
// of those bytes. Every read checks the sum, the id and the hash against
// the meta; a mismatch is an ErrScenario naming the game, and Check
// reports it. Storing the resolved struct rather than the scenario's
// source files (TOML and text maps, which Scenario.Hash covers) is a
// choice: a generated or assembled board has no source files; a replay
// must not depend on how a later loader reads old files (a loader fix
// would otherwise move an old game's board); and the store, the export
// and the command-line tools decode it without the scenarios package.
// The price is that a field of game.Scenario must stay encodable, and
// that GameMeta.ScenarioHash (the source files' hash) cannot be
// recomputed from the copy: it names the version the game started from,
// ScenarioSum the copy itself. Decoded copies are shared by sum, so games
// on the same scenario share one *game.Scenario, as the rulesets' caches
// keyed by scenario pointer expect.
//
// A board chosen by the players in a set-up phase of the game (Manœuvre's
// sections, Le son du canon's terrain placed in turn) is orders and events
// in the log, not a different stored scenario (see game.SetUpper).
//
// # Seeds
//
// The seed is kept in its own bucket. GameMeta.Commitment (its SHA-256) is
// public from the start; GameMeta.Seed is filled in, and exports carry it,
// only once the game is over or abandoned (AppendEntry ends a game whose
// new State's Outcome is over; SetStatus ends one by hand). An ended game
// takes no more orders, so the revealed seed cannot be used to predict a
// roll. Audit recomputes every logged die from the revealed seed.
//
// # Undo
//
// The log is append-only except for TruncateLog, which takes back the last
// records of a game that is still on (a player's undo): the records, their
// interaction ids and later snapshots go, and the sequence number and dice
// count are rewound, so the next roll repeats the first roll taken back.
// The caller keeps its own note of what was undone (the bot keeps it in an
// application value).
//
// # Versions and upgrades
//
// The store bucket holds the schema version. Open first inspects an
// existing file read-only, under bbolt's shared lock: a 0-byte file, a
// file that is not a bbolt database, a bbolt file without the store
// bucket, a newer schema or a missing bucket is refused (ErrNotStore,
// ErrSchema) with the file untouched, never replaced by a new store. An older
// schema is upgraded in place, one transaction per version step, after a
// copy of the file is written to <file>.schema-v<N>.bak. Schema 0 is the
// prototype layout (seed inside the meta, records under decimal keys, no
// indexes; see upgrade.go). Schema 1 kept no scenario: a game named its
// scenario by id and hash and every load took the version shipped then.
// The step to schema 2 needs Options.Resolver (Open refuses without one)
// and stores with each game the scenario shipped under its id, once. A
// game whose recorded hash differs is stored with the shipped version
// anyway (it was already playing it) and marked: GameMeta.ScenarioNote
// says so, and the upgrade and every load log a structured warning
// (game, scenario, started_hash, note). A game whose scenario is no
// longer shipped is noted, without a copy, and does not load (it did not
// before either); the rest of the store opens. testdata/ holds a fixture of every version and
// what it must read as; never regenerate an old version's fixture.
// Record and snapshot envelopes carry their own version ("v") so that a
// later change of record shape can be read lazily without a schema step.
//
// # Integrity
//
// Before bbolt reads an existing file, Open checks its pages (CheckFile,
// integrity.go): every page in use reached once, headers, element tables,
// key order, the freelist — bbolt's Tx.Check, done with bounds-checked
// reads so that a damaged page cannot crash the process — and refuses a
// damaged file with a *DamageError (ErrDamaged) listing the first
// problems. It reads each page in use once (0.12–0.3 s for 10,000
// games); Check, which also decodes every record, is for `grognard check`.
// BackupFile checks its copy before renaming it into place, and
// BackupFileChecked runs Check on it too; Restore checks a backup before
// putting it in place of a store, keeping the file it replaces.
//
// # Export
//
// Export writes one game as JSONL (docs/export.md): a header with the meta,
// the game's scenario copy, one line per record, an end line with counts.
// Import reads it back into an identical game (exporting it again gives
// the same bytes), on the scenario it carries, whatever the importing
// program ships. An export of version 1 has no scenario line: Resolve and
// ImportChecked take the shipped one by id, as the schema 2 upgrade does. An export
// holds every event, the secret ones of either side included: it is for
// operators and archives, not for a player of a game still on.
//
// # Leases and compare-and-swap
//
// TryLease and ReleaseLease (lease.go) name the holder of a piece of work
// until an expiry, so that several processes on one shared store agree
// who fires a game's deadline; a bbolt store is open in one process, so
// its leases are in memory, on Options.Now. SwapValue writes an
// application value only over the value expected (a compare-and-swap).
// Both are checked for every backend by storetest.Leases and SwapValues.
//
// # Caveats
//
//   - One process at a time: bbolt locks the file. Open waits
//     Options.Timeout for the lock and then fails with ErrLocked, so the
//     command-line tools cannot open the store of a running bot; the bot
//     itself can call Backup (a consistent copy taken in a read
//     transaction while writes go on).
//   - The file grows in 16 MB steps (bbolt's allocation once the mapping is
//     large, which Open makes it to avoid remaps); space freed by pruned
//     snapshots is reused, never returned to the file system.
//   - Check runs bbolt's page check inside a write transaction (as bbolt
//     requires when writers are active), so it pauses writes while it runs.
//   - Unfinished games imported from an export have no seed (ErrNoSeed):
//     they can be replayed and inspected but cannot roll dice.
package storage
