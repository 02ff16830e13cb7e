package storage

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/storage/storetest"
)

const crashEnv = "GROGNARD_STORAGE_CRASH_CHILD"

const crashGames = 20

// TestCrashChild is the child process of TestCrashSafety: it applies orders
// to many games from several goroutines until it is killed, and prints
// "ack <game> <seq> <interaction>" after each Append returns.
func TestCrashChild(t *testing.T) {
	spec := os.Getenv(crashEnv)
	if spec == "" {
		t.Skip("child of TestCrashSafety only")
	}
	path, run, _ := strings.Cut(spec, "|")
	if err := crashChild(path, run); err != nil {
		fmt.Println("err", err)
		os.Exit(1)
	}
}

func crashChild(path, run string) error {
	s, err := Open(path, Options{SnapshotEvery: 7, Logger: quietLogger()})
	if err != nil {
		return err
	}
	for i := range crashGames {
		m := toyMeta(fmt.Sprintf("k%02d", i))
		m.Options = game.Options{"goal": "1000000000"}
		if _, err := s.CreateGame(m, storetest.Scenario, dice.SeedFromInt(int64(i))); err != nil && !errors.Is(err, ErrExists) {
			return err
		}
	}
	var mu sync.Mutex
	print := func(line string) {
		mu.Lock()
		os.Stdout.WriteString(line + "\n")
		mu.Unlock()
	}
	print("ready")
	errc := make(chan error)
	for w := range 8 {
		go func() {
			rng := rand.New(rand.NewPCG(uint64(w), uint64(time.Now().UnixNano())))
			for n := 0; ; n++ {
				id := fmt.Sprintf("k%02d", rng.IntN(crashGames))
				text := []string{"roll", "add 5", "roll2"}[rng.IntN(3)]
				ia := fmt.Sprintf("r%s-w%d-%d", run, w, n)
				seq, err := order(s, id, game.Sides[n%2], text, ia)
				if err != nil {
					errc <- err
					return
				}
				print(fmt.Sprintf("ack %s %d %s", id, seq, ia))
			}
		}()
	}
	return <-errc
}

type ack struct {
	game string
	seq  int
	ia   string
}

// TestCrashSafety kills a child that is writing orders with SIGKILL at
// random moments, several times. After each kill the store must open,
// pass Check (bbolt's check, the structure, replay equals every snapshot),
// and hold every order the child acknowledged exactly once.
func TestCrashSafety(t *testing.T) {
	if os.Getenv(crashEnv) != "" {
		t.Skip()
	}
	if testing.Short() {
		t.Skip("kills child processes; a few seconds")
	}
	seed := uint64(time.Now().UnixNano())
	t.Logf("random seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 7))
	path := filepath.Join(t.TempDir(), "crash.db")
	var acked []ack
	const runs = 5
	for run := 1; run <= runs; run++ {
		threshold := 50 + rng.IntN(600)
		extra := time.Duration(rng.IntN(200)) * time.Millisecond
		got := crashRun(t, path, run, threshold, extra)
		t.Logf("run %d: killed after %d acks (threshold %d, +%v)", run, len(got), threshold, extra)
		acked = append(acked, got...)
		verifyAfterCrash(t, path, acked)
	}
	if len(acked) < 1000 {
		t.Fatalf("only %d orders acknowledged over %d runs; the test did not exercise the store", len(acked), runs)
	}
	t.Logf("%d acknowledged orders survived %d kills", len(acked), runs)
}

// crashRun starts the child, waits for `threshold` acks plus `extra`, kills
// it and returns the acks it printed.
func crashRun(t *testing.T, path string, run, threshold int, extra time.Duration) []ack {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashEnv+"="+path+"|"+strconv.Itoa(run))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var acks []ack
	var fatal string
	reached := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(out)
		signalled := false
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			switch {
			case len(f) == 4 && f[0] == "ack":
				n, _ := strconv.Atoi(f[2])
				acks = append(acks, ack{f[1], n, f[3]})
			case len(f) > 0 && f[0] == "ready":
			default:
				fatal = sc.Text()
			}
			if !signalled && (len(acks) >= threshold || fatal != "") {
				signalled = true
				close(reached)
			}
		}
		if !signalled {
			close(reached)
		}
	}()
	select {
	case <-reached:
	case <-time.After(30 * time.Second):
		t.Log("child slow: killing it on timeout")
	}
	time.Sleep(extra)
	cmd.Process.Signal(syscall.SIGKILL)
	<-done
	cmd.Wait()
	if fatal != "" {
		t.Fatalf("child run %d: %s", run, fatal)
	}
	return acks
}

func verifyAfterCrash(t *testing.T, path string, acked []ack) {
	t.Helper()
	s, err := Open(path, Options{Logger: quietLogger()})
	if err != nil {
		t.Fatalf("open after kill: %v", err)
	}
	defer s.Close()
	rep := mustCheck(t, s)
	if rep.Games != crashGames {
		t.Fatalf("%d games after kill, want %d", rep.Games, crashGames)
	}
	logs := map[string][]LogEntry{}
	seen := map[string]int{}
	for i := range crashGames {
		id := fmt.Sprintf("k%02d", i)
		es, err := s.Records(id, 1)
		if err != nil {
			t.Fatal(err)
		}
		logs[id] = es
		for _, e := range es {
			seen[e.Interaction]++
		}
		loaded, _, err := s.Load(id, toyRes)
		if err != nil {
			t.Fatal(err)
		}
		replayed, _, err := s.Replay(id, toyRes)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := toyState(t, loaded), toyState(t, replayed); *a != *b {
			t.Fatalf("%s: load from snapshot %+v != replay %+v", id, a, b)
		}
	}
	for ia, n := range seen {
		if n != 1 {
			t.Fatalf("interaction %s stored %d times", ia, n)
		}
	}
	for _, a := range acked {
		es := logs[a.game]
		if a.seq < 1 || a.seq > len(es) || es[a.seq-1].Interaction != a.ia {
			t.Fatalf("acknowledged order %s (game %s record %d) is missing", a.ia, a.game, a.seq)
		}
	}
}
