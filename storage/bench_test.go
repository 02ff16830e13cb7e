package storage

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/storage/storetest"
)

// Benchmarks run with fsync on (the real cost); run them together so that
// BenchmarkBoltRawPut, bbolt's own single-put rate on the same disk, is the
// baseline beside the others:
//
//	go test -run '^$' -bench . -benchtime 3000x ./storage/

func reportLatency(b *testing.B, lat []time.Duration, elapsed time.Duration) {
	slices.Sort(lat)
	if len(lat) == 0 {
		return
	}
	pct := func(p float64) float64 {
		return float64(lat[min(len(lat)-1, int(float64(len(lat))*p))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "ops/s")
}

// BenchmarkBoltRawPut is the baseline: one db.Update putting a 1 KB value
// under an 8-byte key, fsync on, in a fresh bbolt file.
func BenchmarkBoltRawPut(b *testing.B) {
	db, err := bolt.Open(filepath.Join(b.TempDir(), "raw.db"), 0o600, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	db.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("b")); return err })
	val := make([]byte, 1024)
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		err := db.Update(func(tx *bolt.Tx) error {
			var k [8]byte
			binary.BigEndian.PutUint64(k[:], uint64(i))
			return tx.Bucket([]byte("b")).Put(k[:], val)
		})
		if err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t0))
	}
	reportLatency(b, lat, time.Since(start))
}

func benchStore(b *testing.B, games int) (*Store, []*game.Game, [][]byte) {
	return benchStoreBatch(b, games, 0)
}

func benchStoreBatch(b *testing.B, games, maxBatch int) (*Store, []*game.Game, [][]byte) {
	path := filepath.Join(b.TempDir(), "bench.db")
	s, err := Open(path, Options{NoSync: true, Logger: quietLogger()})
	if err != nil {
		b.Fatal(err)
	}
	ids := make([]string, games)
	var wg sync.WaitGroup
	for i := range games {
		ids[i] = fmt.Sprintf("b%05d", i)
		wg.Add(1)
		go func() {
			defer wg.Done()
			m := toyMeta(ids[i])
			m.Options = game.Options{"goal": "1000000000"}
			if _, err := s.CreateGame(m, storetest.Scenario, dice.SeedFromInt(int64(i))); err != nil {
				panic(err)
			}
		}()
	}
	wg.Wait()
	s.Close()
	s, err = Open(path, Options{Logger: quietLogger(), MaxBatch: maxBatch}) // fsync on
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	gs := make([]*game.Game, games)
	seeds := make([][]byte, games)
	for i, id := range ids {
		if gs[i], _, err = s.Load(id, toyRes); err != nil {
			b.Fatal(err)
		}
		seeds[i], _ = s.Seed(id)
	}
	return s, gs, seeds
}

// orderOnce decides one order on an in-memory game and stores it durably.
func orderOnce(s *Store, id string, g *game.Game, seed []byte, n int) error {
	cmd := game.Command{Side: game.Sides[n%2], Verb: "roll"}
	if n%3 == 0 {
		cmd = game.Command{Side: game.Sides[n%2], Verb: "add", Args: []string{"4"}}
	}
	before := g.Seq
	rec, err := g.Apply(cmd.String(), cmd, &dice.Seeded{Seed: seed, Next: g.Rolls})
	if err != nil {
		return err
	}
	return s.AppendEntry(id, before, Entry{Record: rec, State: g.State, Interaction: id + "/" + strconv.Itoa(n)})
}

// BenchmarkDurableOrder: decide + persist (fsync) in one game, the game
// held in memory as a bot holds it. Goal: p50 ≤ 1 ms, ≥ 1,500 orders/s.
func BenchmarkDurableOrder(b *testing.B) {
	s, gs, seeds := benchStore(b, 1)
	id := "b00000"
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if err := orderOnce(s, id, gs[0], seeds[0], i); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t0))
	}
	reportLatency(b, lat, time.Since(start))
}

// BenchmarkDurableOrderLargeScenario: BenchmarkDurableOrder in a game
// whose stored scenario is 80 KB (ptg-standard's resolved scenario, its
// map included, is 78 KB; gs-3's 40 KB), beside the toy's 104-byte one in
// the same run: the scenario lies in the game's bucket next to its meta,
// and bbolt rewrites that leaf, scenario included, at every order. It
// reports both p50s and their ratio (large/small).
func BenchmarkDurableOrderLargeScenario(b *testing.B) {
	large := *storetest.Scenario
	large.Params = map[string]string{"pad": strings.Repeat("x", 80<<10)}
	path := filepath.Join(b.TempDir(), "bench.db")
	s, err := Open(path, Options{Logger: quietLogger()})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ids := []string{"small", "large"}
	gs := make([]*game.Game, 2)
	seeds := make([][]byte, 2)
	for i, sc := range []*game.Scenario{storetest.Scenario, &large} {
		m := toyMeta(ids[i])
		m.Options = game.Options{"goal": "1000000000"}
		if _, err := s.CreateGame(m, sc, dice.SeedFromInt(int64(i))); err != nil {
			b.Fatal(err)
		}
		if gs[i], _, err = s.Load(ids[i], toyRes); err != nil {
			b.Fatal(err)
		}
		seeds[i], _ = s.Seed(ids[i])
	}
	lat := [2][]time.Duration{}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := range ids { // alternately, so that load falls on both alike
			t0 := time.Now()
			if err := orderOnce(s, ids[j], gs[j], seeds[j], i); err != nil {
				b.Fatal(err)
			}
			lat[j] = append(lat[j], time.Since(t0))
		}
	}
	b.StopTimer()
	p50 := func(ds []time.Duration) time.Duration {
		slices.Sort(ds)
		return ds[len(ds)/2]
	}
	small, big := p50(lat[0]), p50(lat[1])
	b.ReportMetric(float64(small.Microseconds())/1000, "small-p50-ms")
	b.ReportMetric(float64(big.Microseconds())/1000, "large-p50-ms")
	b.ReportMetric(float64(big)/float64(small), "large/small")
}

// BenchmarkDurableOrderWithLoad: the same, but each order first loads the
// game from the store (snapshot + records since), as a bot without a cache.
func BenchmarkDurableOrderWithLoad(b *testing.B) {
	s, _, seeds := benchStore(b, 1)
	id := "b00000"
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		g, _, err := s.Load(id, toyRes)
		if err != nil {
			b.Fatal(err)
		}
		if err := orderOnce(s, id, g, seeds[0], i); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t0))
	}
	reportLatency(b, lat, time.Since(start))
}

// BenchmarkConcurrentGames: 1,000 games, one goroutine each, all ordering
// at once; b.N orders in all. Goal: ≥ 5,000 durable orders/s.
func BenchmarkConcurrentGames(b *testing.B) {
	for _, mb := range []int{0, 32, 512, 1000} {
		name := "MaxBatch=default"
		if mb > 0 {
			name = fmt.Sprintf("MaxBatch=%d", mb)
		}
		b.Run(name, func(b *testing.B) { benchConcurrent(b, mb) })
	}
}

func benchConcurrent(b *testing.B, maxBatch int) {
	const games = 1000
	s, gs, seeds := benchStoreBatch(b, games, maxBatch)
	var next atomic.Int64
	lats := make([][]time.Duration, games)
	var wg sync.WaitGroup
	b.ResetTimer()
	start := time.Now()
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprintf("b%05d", i)
			for n := 0; next.Add(1) <= int64(b.N); n++ {
				t0 := time.Now()
				if err := orderOnce(s, id, gs[i], seeds[i], n); err != nil {
					panic(err)
				}
				lats[i] = append(lats[i], time.Since(t0))
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	reportLatency(b, slices.Concat(lats...), elapsed)
}

var open10k = struct {
	once sync.Once
	dir  string
	path string
	err  error
}{}

// build10k writes a store of 10,000 games of 20 records each (with a
// snapshot at 20), once per test binary run.
func build10k() (string, error) {
	open10k.once.Do(func() {
		open10k.dir, open10k.err = os.MkdirTemp("", "grognard-bench-10k")
		if open10k.err != nil {
			return
		}
		open10k.path = filepath.Join(open10k.dir, "10k.db")
		s, err := Open(open10k.path, Options{NoSync: true, Logger: quietLogger(), SnapshotEvery: 20})
		if err != nil {
			open10k.err = err
			return
		}
		defer s.Close()
		const games, records, workers = 10000, 20, 16
		var wg sync.WaitGroup
		errc := make(chan error, workers)
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := w; i < games; i += workers {
					id := fmt.Sprintf("b%05d", i)
					m := toyMeta(id)
					m.Options = game.Options{"goal": "1000000000"}
					m.Rooms = []string{fmt.Sprintf("discord:%d/%d", i%50, i)}
					seed := dice.SeedFromInt(int64(i))
					if _, err := s.CreateGame(m, storetest.Scenario, seed); err != nil {
						errc <- err
						return
					}
					g, _ := game.Start(storetest.Toy{}, storetest.Scenario, m.Options)
					for n := range records {
						if err := orderOnce(s, id, g, seed, n); err != nil {
							errc <- err
							return
						}
					}
				}
			}()
		}
		wg.Wait()
		close(errc)
		open10k.err = <-errc
	})
	return open10k.path, open10k.err
}

// BenchmarkOpen10k: open (and close) a store holding 10,000 games. Goal:
// ≤ 1 s. A child process also opens it and reports its heap and resident
// memory after open and one Load (goal ≤ 100 MB).
func BenchmarkOpen10k(b *testing.B) {
	path, err := build10k()
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := Open(path, Options{Logger: quietLogger()})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.Meta("b09999"); err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/open")
	fi, _ := os.Stat(path)
	b.ReportMetric(float64(fi.Size())/(1<<20), "file-MB")
	cmd := exec.Command(os.Args[0], "-test.run=^TestOpenChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), openChildEnv+"="+path)
	out, err := cmd.Output()
	if err != nil {
		b.Fatalf("child: %v\n%s", err, out)
	}
	var m openMem
	line := strings.TrimSpace(string(out))
	if i := strings.Index(line, "{"); i >= 0 {
		line = line[i:]
	}
	if j := strings.Index(line, "}"); j >= 0 {
		line = line[:j+1]
	}
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		b.Fatalf("child output %q: %v", out, err)
	}
	b.ReportMetric(m.OpenMS, "child-open-ms")
	b.ReportMetric(m.HeapMB, "heap-MB")
	b.ReportMetric(m.RSSMB, "rss-MB")
}

const openChildEnv = "GROGNARD_STORAGE_OPEN_CHILD"

type openMem struct {
	OpenMS float64 `json:"open_ms"`
	HeapMB float64 `json:"heap_mb"`
	RSSMB  float64 `json:"rss_mb"`
}

// TestOpenChild is the child of BenchmarkOpen10k: a fresh process that
// opens the store, loads one game and prints its memory.
func TestOpenChild(t *testing.T) {
	path := os.Getenv(openChildEnv)
	if path == "" {
		t.Skip("child of BenchmarkOpen10k only")
	}
	t0 := time.Now()
	s, err := Open(path, Options{Logger: quietLogger()})
	if err != nil {
		t.Fatal(err)
	}
	openMS := float64(time.Since(t0).Microseconds()) / 1000
	if _, _, err := s.Load("b05000", toyRes); err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	out, _ := json.Marshal(openMem{OpenMS: openMS, HeapMB: float64(ms.HeapAlloc) / (1 << 20), RSSMB: rssMB()})
	fmt.Println(string(out))
	s.Close()
}

// rssMB reads the resident set size from /proc (0 where there is none).
func rssMB() float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return float64(kb) / 1024
		}
	}
	return 0
}

func TestMain(m *testing.M) {
	code := m.Run()
	if open10k.dir != "" {
		os.RemoveAll(open10k.dir)
	}
	if realStore.path != "" {
		os.RemoveAll(filepath.Dir(realStore.path))
	}
	os.Exit(code)
}
