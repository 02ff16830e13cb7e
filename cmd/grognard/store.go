package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/all"
	"github.com/grognard/grognard/scenarios"
	"github.com/grognard/grognard/storage"
)

// The store's command-line tools. Each opens the store itself (--db: a
// bbolt file or a postgres:// URL, openStore). A bbolt file is locked by
// the process that holds it, so they run while no grognard serve does; a
// running bot backs itself up through storage.Store.Backup. A PostgreSQL
// store is shared: the tools run beside the bots.
func init() {
	register(subcommand{name: "export", usage: "<game> [--db FILE|URL] [--side A|B] > game.jsonl — write a game as JSONL (docs/export.md); --side: only what that side may see", run: runExport})
	register(subcommand{name: "import", usage: "[--db FILE|URL] [game.jsonl] — read an exported game (stdin by default) into the store, after re-deciding every record with its dice", run: runImport})
	register(subcommand{name: "replay", usage: "<game|file.jsonl> [--db FILE|URL] [--png-dir DIR] [--lang en|fr] — replay a game's log and print it, each event narrated", run: runReplay})
	register(subcommand{name: "audit", usage: "<game|file.jsonl> [--db FILE|URL] [--list] [--lang en|fr] — recompute every die from the revealed seed; --list: each record's dice and events", run: runAudit})
	register(subcommand{name: "backup", usage: "FILE [--db FILE|URL] — write a consistent copy of the store, checked before it replaces FILE (of a PostgreSQL store: a bbolt file)", run: runBackup})
	register(subcommand{name: "check", usage: "[--db FILE|URL] [--no-replay] [--redecide] — check the store (bbolt, structure, replay = snapshots)", run: runCheck})
}

// storeResolver finds rulesets for replays, and the shipped scenarios of
// games stored before games carried their own (a schema 1 store, a
// version 1 export); tests swap it.
var storeResolver storage.Resolver = cliResolver{}

type cliResolver struct{}

func (cliResolver) Ruleset(name string) (game.Ruleset, error) { return all.Get(name) }

// Scenario returns the scenario shipped now under id; the store compares
// its hash with the one the game recorded and marks the game if they
// differ.
func (cliResolver) Scenario(id, hash string) (*game.Scenario, error) { return scenarios.Load(id) }

// defaultDB is $GROGNARD_DB, or grognard.db.
func defaultDB() string {
	if p := os.Getenv("GROGNARD_DB"); p != "" {
		return p
	}
	return "grognard.db"
}

// storeFlags parses flags placed before or after the positional arguments
// and returns the positional ones.
func storeFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := parseFlags(fs, args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// gameSource reads a game from an export file (an argument ending in
// .jsonl or naming an existing file) or from the store.
func gameSource(ref, db string) (*storage.Exported, error) {
	if strings.HasSuffix(ref, ".jsonl") || strings.ContainsRune(ref, filepath.Separator) {
		f, err := os.Open(ref)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return storage.ReadExport(f)
	}
	if err := storage.ValidID(ref); err != nil {
		return nil, usageError{fmt.Sprintf("%q is neither a game id nor a .jsonl file", ref)}
	}
	s, err := openStore(db, true)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	return s.ReadGame(ref)
}

func runExport(m *Main, ctx context.Context, args []string) error {
	fs := m.newFlags("export")
	db := fs.String("db", defaultDB(), "store: a bbolt file or a postgres:// URL ($GROGNARD_DB)")
	sideFlag := fs.String("side", "", "write only what side A or B may see (a player's copy; it cannot be imported)")
	pos, err := storeFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError{"usage: grognard export <game> [--db FILE|URL] [--side A|B] > game.jsonl"}
	}
	s, err := openStore(*db, true)
	if err != nil {
		return err
	}
	defer s.Close()
	if *sideFlag == "" {
		return s.Export(pos[0], m.Stdout)
	}
	side, err := game.ParseSide(*sideFlag)
	if err != nil || !side.Valid() {
		return usageError{"--side takes A or B"}
	}
	x, err := s.ReadGame(pos[0])
	if err != nil {
		return err
	}
	r, err := storeResolver.Ruleset(x.Meta.Ruleset)
	if err != nil {
		return err
	}
	return storage.WriteExportView(m.Stdout, x, r, side)
}

func runImport(m *Main, ctx context.Context, args []string) error {
	fs := m.newFlags("import")
	db := fs.String("db", defaultDB(), "store: a bbolt file or a postgres:// URL ($GROGNARD_DB)")
	pos, err := storeFlags(fs, args)
	if err != nil {
		return err
	}
	var in io.Reader = m.Stdin
	switch len(pos) {
	case 0:
	case 1:
		f, err := os.Open(pos[0])
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	default:
		return usageError{"usage: grognard import [--db FILE|URL] [game.jsonl]"}
	}
	s, err := openStore(*db, false)
	if err != nil {
		return err
	}
	defer s.Close()
	meta, err := s.ImportChecked(in, storeResolver)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "imported game %s (%s, scenario %s, %d records, %s)\n", meta.ID, meta.Ruleset, meta.Scenario, meta.Seq, meta.Status)
	if meta.ScenarioNote != "" {
		fmt.Fprintf(m.Stdout, "note: the export carried no scenario and the shipped one has changed since the game started: %s\n", meta.ScenarioNote)
	}
	if !meta.Status.Ended() {
		fmt.Fprintln(m.Stdout, "note: an unfinished game is exported without its seed; this copy cannot roll dice")
	}
	return nil
}

func runReplay(m *Main, ctx context.Context, args []string) error {
	fs := m.newFlags("replay")
	db := fs.String("db", defaultDB(), "store: a bbolt file or a postgres:// URL ($GROGNARD_DB)")
	pngDir := fs.String("png-dir", "", "write the public board after every phase to DIR (needs a build with the renderer)")
	lang := fs.String("lang", "en", "the language of the events' narration: en or fr")
	pos, err := storeFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError{"usage: grognard replay <game|file.jsonl> [--db FILE|URL] [--png-dir DIR] [--lang en|fr]"}
	}
	if err := checkLang(*lang); err != nil {
		return err
	}
	x, err := gameSource(pos[0], *db)
	if err != nil {
		return err
	}
	meta := &x.Meta
	r, sc, err := storage.Resolve(storeResolver, x) // the game's own scenario
	if err != nil {
		return err
	}
	recs, err := storage.DecodeRecords(r, x.Entries)
	if err != nil {
		return err
	}
	var draw func(g *game.Game, n int) error
	if *pngDir != "" {
		if boardPNG == nil {
			return errors.New("--png-dir: this build has no board renderer")
		}
		if _, ok := r.(game.Boarder); !ok {
			return fmt.Errorf("--png-dir: the %s ruleset cannot draw its board", r.Name())
		}
		if err := os.MkdirAll(*pngDir, 0o755); err != nil {
			return err
		}
		draw = func(g *game.Game, n int) error {
			b := g.Rules.(game.Boarder).Board(g.State, game.Nobody)
			b.Legend.Game = meta.ID
			png, err := boardPNG(b)
			if err != nil {
				return err
			}
			c := g.State.Clock()
			name := fmt.Sprintf("%04d-t%02d-%s.png", n, c.Turn, c.Phase)
			return os.WriteFile(filepath.Join(*pngDir, name), png, 0o644)
		}
	}
	if meta.ScenarioNote != "" {
		fmt.Fprintf(m.Stderr, "note: game %s does not play the scenario version it started on: %s\n", meta.ID, meta.ScenarioNote)
	}
	if r.Version() != meta.RulesetVersion {
		fmt.Fprintf(m.Stderr, "note: the game started under %s version %s; this build has %s (replay uses the logged events)\n", r.Name(), meta.RulesetVersion, r.Version())
	}
	if err := storage.CheckExport(storeResolver, x); err != nil {
		fmt.Fprintf(m.Stderr, "note: %v (replay shows the logged events as they are)\n", err)
	}
	g, err := game.Start(r, sc, meta.Options)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "game %s: %s, scenario %s, %d records, %s\n", meta.ID, r.Title(), sc.ID, meta.Seq, meta.Status)
	images := 0
	if draw != nil {
		if err := draw(g, 0); err != nil {
			return err
		}
		images++
	}
	for _, rec := range recs {
		if err := ctx.Err(); err != nil {
			return err
		}
		if rec.Seq != g.Seq+1 {
			return fmt.Errorf("record %d follows %d", rec.Seq, g.Seq)
		}
		before := g.State.Clock()
		if err := g.CommitChecked(rec); err != nil {
			return fmt.Errorf("game %s: %w", meta.ID, err)
		}
		fmt.Fprintf(m.Stdout, "%4d %s %s\n", rec.Seq, rec.Command.Side, rec.Command)
		for _, e := range rec.Events {
			fmt.Fprintf(m.Stdout, "       %s\n", game.Narrate(*lang, e))
		}
		after := g.State.Clock()
		if draw != nil && (after.Turn != before.Turn || after.Phase != before.Phase || rec.Seq == len(recs)) {
			if err := draw(g, rec.Seq); err != nil {
				return err
			}
			images++
		}
	}
	c, out := g.State.Clock(), g.State.Outcome()
	fmt.Fprintf(m.Stdout, "after record %d: turn %d/%d, phase %s", g.Seq, c.Turn, c.Turns, c.Phase)
	switch {
	case out.Over:
		fmt.Fprintf(m.Stdout, "; game over: winner %s, score %d–%d", out.Winner, out.Score[0], out.Score[1])
		if out.Result != "" {
			fmt.Fprintf(m.Stdout, " (%s)", out.Result)
		}
	case meta.Ending != "":
		// Ended outside the log: a concession, a draw by agreement, a forfeit.
		fmt.Fprintf(m.Stdout, "; game over: %s", meta.Ending)
	case meta.Status.Ended():
		fmt.Fprintf(m.Stdout, "; game %s (ended outside the log)", meta.Status)
	}
	fmt.Fprintln(m.Stdout)
	if draw != nil {
		fmt.Fprintf(m.Stdout, "%d board images in %s\n", images, *pngDir)
	}
	return nil
}

func runAudit(m *Main, ctx context.Context, args []string) error {
	fs := m.newFlags("audit")
	db := fs.String("db", defaultDB(), "store: a bbolt file or a postgres:// URL ($GROGNARD_DB)")
	list := fs.Bool("list", false, "list each record's dice with its events, which name the faces (symbol dice as words)")
	lang := fs.String("lang", "en", "the language of --list: en or fr")
	pos, err := storeFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError{"usage: grognard audit <game|file.jsonl> [--db FILE|URL] [--list] [--lang en|fr]"}
	}
	if err := checkLang(*lang); err != nil {
		return err
	}
	x, err := gameSource(pos[0], *db)
	if err != nil {
		return err
	}
	rep, err := storage.Audit(x)
	if errors.Is(err, storage.ErrSeedHidden) {
		return fmt.Errorf("game %s is %s, so its dice cannot be audited yet: the seed stays secret until the game ends (its commitment is %s)", x.Meta.ID, x.Meta.Status, x.Meta.Commitment)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "game %s: seed %s\ncommitment %s\n", rep.Game, rep.Seed, rep.Commitment)
	for _, p := range rep.Problems {
		fmt.Fprintln(m.Stdout, "PROBLEM:", p)
	}
	for _, mm := range rep.Mismatches {
		fmt.Fprintln(m.Stdout, "MISMATCH:", mm)
	}
	if !rep.OK() {
		return fmt.Errorf("audit of game %s failed: %d mismatching dice, %d other problems", rep.Game, len(rep.Mismatches), len(rep.Problems))
	}
	if *list {
		if err := listDice(m, x, *lang); err != nil {
			return err
		}
	}
	fmt.Fprintf(m.Stdout, "%d dice recomputed from the seed: all match\n", rep.Dice)
	return nil
}

// listDice prints, for audit --list, every record that rolled: its dice
// as logged (and recomputed) and its events in lang, whose narration
// names the faces of symbol dice (Frédéric le Grand's infantry, cavalry,
// artillery, flag, tactical advantage).
func listDice(m *Main, x *storage.Exported, lang string) error {
	r, _, err := storage.Resolve(storeResolver, x)
	if err != nil {
		return err
	}
	recs, err := storage.DecodeRecords(r, x.Entries)
	if err != nil {
		return err
	}
	for _, rec := range recs {
		if len(rec.Rolls) == 0 {
			continue
		}
		vals := make([]string, len(rec.Rolls))
		for i, d := range rec.Rolls {
			vals[i] = fmt.Sprintf("d%d=%d", d.Sides, d.Value)
		}
		fmt.Fprintf(m.Stdout, "%4d %s %s: %s\n", rec.Seq, rec.Command.Side, rec.Command, strings.Join(vals, " "))
		for _, e := range rec.Events {
			fmt.Fprintf(m.Stdout, "       %s\n", game.Narrate(lang, e))
		}
	}
	return nil
}

// checkLang refuses a --lang the catalogues do not have.
func checkLang(l string) error {
	if !slices.Contains(game.Langs, l) {
		return usageError{fmt.Sprintf("--lang %q: en or fr", l)}
	}
	return nil
}

func runBackup(m *Main, ctx context.Context, args []string) error {
	fs := m.newFlags("backup")
	db := fs.String("db", defaultDB(), "store: a bbolt file or a postgres:// URL ($GROGNARD_DB)")
	pos, err := storeFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError{"usage: grognard backup FILE [--db FILE|URL]"}
	}
	if abs1, _ := filepath.Abs(pos[0]); abs1 != "" {
		if abs2, _ := filepath.Abs(*db); abs1 == abs2 {
			return usageError{"backup: the copy cannot replace the store itself"}
		}
	}
	if isPostgres(*db) {
		return backupPostgres(m, ctx, *db, pos[0])
	}
	st, err := openStore(*db, true)
	if err != nil {
		return err
	}
	defer st.Close()
	s := st.(*storage.Store)
	// The copy is opened and checked (bbolt's check and the store's
	// structure) before it replaces FILE: a damaged store is not backed
	// up over a good backup.
	n, rep, err := s.BackupFileChecked(ctx, pos[0], storage.CheckOptions{})
	if rep != nil {
		for _, p := range rep.Problems {
			fmt.Fprintln(m.Stdout, "PROBLEM:", p)
		}
	}
	if err != nil {
		return storeHint(*db, err)
	}
	fmt.Fprintf(m.Stdout, "wrote %s (%d bytes, %d games, checked)\n", pos[0], n, rep.Games)
	return nil
}

func runCheck(m *Main, ctx context.Context, args []string) error {
	fs := m.newFlags("check")
	db := fs.String("db", defaultDB(), "store: a bbolt file or a postgres:// URL ($GROGNARD_DB)")
	noReplay := fs.Bool("no-replay", false, "skip replaying games against their snapshots")
	redecide := fs.Bool("redecide", false, "also re-run every logged order with its dice (rules drift)")
	pos, err := storeFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usageError{"usage: grognard check [--db FILE|URL] [--no-replay] [--redecide]"}
	}
	s, err := openStore(*db, true)
	var damage *storage.DamageError
	if errors.As(err, &damage) {
		// The page check of Open found the problems: list them.
		for _, p := range damage.Problems {
			fmt.Fprintln(m.Stdout, "PROBLEM:", p)
		}
		return err
	}
	if err != nil {
		return err
	}
	defer s.Close()
	opts := storage.CheckOptions{Redecide: *redecide}
	if !*noReplay {
		opts.Resolver = storeResolver
	}
	rep, err := s.Check(ctx, opts)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "%s: %d games, %d records, %d snapshots, %d games replayed\n", storeName(*db), rep.Games, rep.Records, rep.Snapshots, rep.Replayed)
	for _, p := range rep.Problems {
		fmt.Fprintln(m.Stdout, "PROBLEM:", p)
	}
	if !rep.OK() {
		if isPostgres(*db) {
			return fmt.Errorf("check found %d problems in %s", len(rep.Problems), storeName(*db))
		}
		return fmt.Errorf("check found %d problems in %s\n  put a backup back:  grognard restore BACKUP.db --db %s   (docs/admin.md)", len(rep.Problems), *db, shellQuote(*db))
	}
	fmt.Fprintln(m.Stdout, "OK")
	return nil
}
