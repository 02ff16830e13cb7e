package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/internal/playtest"
	"github.com/grognard/grognard/storage/storetest"
)

// realStore builds, once per test binary, a store shaped like a club's:
// 150 games with 30 records each and snapshots (branch pages, nested
// buckets, inline buckets), one game whose meta spills onto overflow
// pages, and deleted records' pages on the freelist.
var realStore = struct {
	once sync.Once
	path string
	err  error
}{}

func realStoreBytes(t *testing.T) []byte {
	t.Helper()
	realStore.once.Do(func() {
		dir, err := os.MkdirTemp("", "grognard-integrity")
		if err != nil {
			realStore.err = err
			return
		}
		// The store is built in full.db and copied to real.db, which holds
		// only the pages in use or free (bbolt grows full.db in steps).
		full := filepath.Join(dir, "full.db")
		realStore.path = filepath.Join(dir, "real.db")
		s, err := Open(full, Options{NoSync: true, Logger: quietLogger(), SnapshotEvery: 10, Now: newClock().Now})
		if err != nil {
			realStore.err = err
			return
		}
		defer s.Close()
		for i := range 150 {
			id := fmt.Sprintf("g%03d", i)
			m := toyMeta(id)
			m.Options = game.Options{"goal": "1000000000"}
			m.Rooms = []string{fmt.Sprintf("discord:%d/%d", i%9, i)}
			if i == 7 { // a ~20 KB meta: overflow pages
				for j := range 40 {
					m.Rooms = append(m.Rooms, fmt.Sprintf("matrix:!%s%02d:example.org", strings.Repeat("r", 480), j))
				}
			}
			seed := dice.SeedFromInt(int64(i))
			if _, err := s.CreateGame(m, storetest.Scenario, seed); err != nil {
				realStore.err = err
				return
			}
			g, _ := game.Start(storetest.Toy{}, storetest.Scenario, m.Options)
			for n := range 30 {
				if err := orderOnce(s, id, g, seed, n); err != nil {
					realStore.err = err
					return
				}
			}
		}
		_, realStore.err = s.BackupFile(realStore.path)
	})
	if realStore.err != nil {
		t.Fatal(realStore.err)
	}
	return fileBytes(t, realStore.path)
}

// pageInfo lists the pages of a healthy store file as bbolt sees them.
type pageInfo struct {
	id, count int
	typ       string
}

func usedPages(t *testing.T, path string) (pages []pageInfo, pageSize int) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	pageSize = db.Info().PageSize
	err = db.View(func(tx *bolt.Tx) error {
		for err := range tx.Check() {
			return fmt.Errorf("the healthy store fails bbolt's check: %v", err)
		}
		for id := 2; ; id++ {
			p, err := tx.Page(id)
			if err != nil {
				return err
			}
			if p == nil {
				return nil
			}
			switch p.Type {
			case "branch", "leaf", "freelist":
				pages = append(pages, pageInfo{id: p.ID, count: p.Count, typ: p.Type})
			}
			id += p.OverflowCount
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return pages, pageSize
}

func TestCheckFileHealthy(t *testing.T) {
	realStoreBytes(t)
	pc, err := CheckFile(realStore.path)
	if err != nil {
		t.Fatal(err)
	}
	if pc.Free == 0 || len(pc.Warnings) > 0 {
		t.Errorf("page check of the real store: %+v (want some free pages, no warning)", pc)
	}
	small := makeStore(t)
	if _, err := CheckFile(small); err != nil {
		t.Fatalf("small store: %v", err)
	}
}

// TestOpenRefusesDamagedPages writes garbage over random pages in use of a
// real store — a run of 8 to 64 random bytes at a random offset of the
// page's header and element table (what bbolt follows to find keys,
// values and child pages), or the whole page zeroed or random — and
// checks that Open refuses the file, read-write as `grognard serve` opens
// it and read-only as the other commands do, names it, and leaves every
// byte as it was. 100 damaged pages by default, 300 under GROGNARD_SOAK
// (docs/testing.md).
func TestOpenRefusesDamagedPages(t *testing.T) {
	runs := uint64(100)
	if soak, _, err := playtest.Soak(); err != nil {
		t.Fatal(err)
	} else if soak {
		runs = 300
	}
	healthy := realStoreBytes(t)
	pages, pageSize := usedPages(t, realStore.path)
	kinds := map[string]int{}
	for _, p := range pages {
		kinds[p.typ]++
	}
	if kinds["branch"] == 0 || kinds["leaf"] == 0 || kinds["freelist"] == 0 {
		t.Fatalf("the real store lacks a kind of page: %v", kinds)
	}
	// One copy of the store; each run damages one page of it, checks, and
	// puts the page back.
	path := filepath.Join(t.TempDir(), "damaged.db")
	if err := os.WriteFile(path, healthy, 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for seed := uint64(1); seed <= runs; seed++ {
		rng := rand.New(rand.NewPCG(seed, 15))
		pg := pages[rng.IntN(len(pages))]
		at := int64(pg.id * pageSize)
		orig := healthy[at : at+int64(pageSize)]
		page := bytes.Clone(orig)
		var how string
		switch mode := rng.IntN(10); {
		case mode == 0:
			clear(page)
			how = "zeroed"
		case mode == 1:
			for i := range page {
				page[i] = byte(rng.Uint32())
			}
			how = "random bytes"
		default:
			elem := 16
			if pg.typ == "freelist" {
				elem = 8
			}
			table := min(16+elem*pg.count, pageSize)
			off := rng.IntN(table)
			n := min(8+rng.IntN(57), pageSize-off)
			for i := range n {
				page[off+i] = byte(rng.Uint32())
			}
			how = fmt.Sprintf("%d random bytes at offset %d", n, off)
		}
		if bytes.Equal(page, orig) {
			continue
		}
		if _, err := f.WriteAt(page, at); err != nil {
			t.Fatal(err)
		}
		for _, ro := range []bool{false, true} {
			s, err := Open(path, Options{ReadOnly: ro, Timeout: time.Second, Logger: quietLogger()})
			if err == nil {
				s.Close()
				t.Fatalf("seed %d: %s page %d, %s: Open(read-only=%v) accepted the damaged store", seed, pg.typ, pg.id, how, ro)
			}
			if !errors.Is(err, ErrDamaged) && !errors.Is(err, ErrNotStore) || !strings.Contains(err.Error(), path) {
				t.Fatalf("seed %d: %s page %d, %s: error %v, want ErrDamaged naming the file", seed, pg.typ, pg.id, how, err)
			}
		}
		after := fileBytes(t, path)
		if len(after) != len(healthy) || !bytes.Equal(after[:at], healthy[:at]) || !bytes.Equal(after[at:at+int64(pageSize)], page) ||
			!bytes.Equal(after[at+int64(pageSize):], healthy[at+int64(pageSize):]) {
			t.Fatalf("seed %d: %s page %d, %s: the refused file was changed", seed, pg.typ, pg.id, how)
		}
		if _, err := f.WriteAt(orig, at); err != nil {
			t.Fatal(err)
		}
	}
}

// TestOpenDamagedMetaPage: bbolt keeps two copies of its header and falls
// back to the older when the newer is torn (a crash mid-write); the store
// opens as it was one transaction earlier, with a warning naming the
// file.
func TestOpenDamagedMetaPage(t *testing.T) {
	path := makeStore(t)
	b := fileBytes(t, path)
	for i := 16; i < 40; i++ {
		b[i] ^= 0xff
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	s, err := Open(path, Options{ReadOnly: true, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if !strings.Contains(logs.String(), "meta page 0 is damaged") || !strings.Contains(logs.String(), path) {
		t.Errorf("no warning naming the file: %q", logs.String())
	}
	if !bytes.Equal(fileBytes(t, path), b) {
		t.Error("a read-only open changed the file")
	}
}

// BenchmarkStartupCheck10k: the page check Open runs on a store of
// 10,000 games (see BenchmarkOpen10k for the whole Open), beside the
// full checks of `grognard check` (bbolt's Tx.Check, then the store's
// structure without replay). Goal for the start-up check: ≤ 1 s.
func BenchmarkStartupCheck10k(b *testing.B) {
	path, err := build10k()
	if err != nil {
		b.Fatal(err)
	}
	b.Run("page-check", func(b *testing.B) {
		for b.Loop() {
			if _, err := CheckFile(path); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/check")
	})
	b.Run("full-check", func(b *testing.B) {
		s, err := Open(path, Options{ReadOnly: true, Logger: quietLogger()})
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		for b.Loop() {
			rep, err := s.Check(context.Background(), CheckOptions{})
			if err != nil || !rep.OK() {
				b.Fatal(err, rep.Err())
			}
		}
		b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/check")
	})
	fi, _ := os.Stat(path)
	b.ReportMetric(float64(fi.Size())/(1<<20), "file-MB")
}

// TestDamageAnywhere writes a few random bytes anywhere in a random page
// in use — inside a record or a snapshot as well as in the page's
// structure — and checks that nothing crashes and nothing is written:
// Open refuses the file, or opens it and `grognard check`'s Check runs
// to its report. A changed byte inside a value passes the page check by
// design (bbolt keeps no checksum of values); the log reports how many
// runs Check caught.
func TestDamageAnywhere(t *testing.T) {
	// A smaller store than realStore: Check replays every game each run.
	src := filepath.Join(t.TempDir(), "src.db")
	s, err := Open(src, Options{NoSync: true, Logger: quietLogger(), SnapshotEvery: 10, Now: newClock().Now})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 12 {
		id := fmt.Sprintf("g%02d", i)
		m := toyMeta(id)
		m.Options = game.Options{"goal": "1000000000"}
		seed := dice.SeedFromInt(int64(i))
		if _, err := s.CreateGame(m, storetest.Scenario, seed); err != nil {
			t.Fatal(err)
		}
		g, _ := game.Start(storetest.Toy{}, storetest.Scenario, m.Options)
		for n := range 30 {
			if err := orderOnce(s, id, g, seed, n); err != nil {
				t.Fatal(err)
			}
		}
	}
	small := filepath.Join(t.TempDir(), "small.db")
	if _, err := s.BackupFile(small); err != nil {
		t.Fatal(err)
	}
	s.Close()
	healthy := fileBytes(t, small)
	pages, pageSize := usedPages(t, small)
	path := filepath.Join(t.TempDir(), "damaged.db")
	if err := os.WriteFile(path, healthy, 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	const runs = 30 // each run replays every game: ~0.3 s under -race
	var refused, reported, unseen int
	for seed := uint64(1); seed <= runs; seed++ {
		rng := rand.New(rand.NewPCG(seed, 1015))
		pg := pages[rng.IntN(len(pages))]
		at := int64(pg.id * pageSize)
		orig := healthy[at : at+int64(pageSize)]
		page := bytes.Clone(orig)
		off, n := rng.IntN(pageSize), 1+rng.IntN(16)
		for i := off; i < min(off+n, pageSize); i++ {
			page[i] = byte(rng.Uint32())
		}
		if _, err := f.WriteAt(page, at); err != nil {
			t.Fatal(err)
		}
		s, err := Open(path, Options{ReadOnly: true, Logger: quietLogger()})
		switch {
		case err != nil:
			refused++
		default:
			rep, err := s.Check(t.Context(), CheckOptions{Resolver: toyRes})
			s.Close()
			switch {
			case err != nil:
				t.Fatalf("seed %d: %s page %d, %d bytes at %d: Check could not run: %v", seed, pg.typ, pg.id, n, off, err)
			case rep.OK():
				unseen++
			default:
				reported++
			}
		}
		after := fileBytes(t, path)
		if !bytes.Equal(after[at:at+int64(pageSize)], page) || !bytes.Equal(after[:at], healthy[:at]) || !bytes.Equal(after[at+int64(pageSize):], healthy[at+int64(pageSize):]) {
			t.Fatalf("seed %d: %s page %d, %d bytes at %d: the file was changed", seed, pg.typ, pg.id, n, off)
		}
		if _, err := f.WriteAt(orig, at); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d runs: %d refused at open, %d reported by Check, %d unseen (a changed byte inside a value or in unused space)", runs, refused, reported, unseen)
}
