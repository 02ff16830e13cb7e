// Package pgtest starts a real PostgreSQL server for tests: the system's
// own binaries (Debian's postgresql package, `apt-get install -y
// postgresql`), a fresh cluster in a temporary directory, listening only
// on a unix socket in that directory, with fsync off, stopped and removed
// when the test binary ends. One server per test package, started once in
// TestMain; each test takes a database of its own (NewDatabase).
//
//	var pg = pgtest.Shared{}
//
//	func TestMain(m *testing.M) { os.Exit(pg.Run(m)) }
//
//	func TestX(t *testing.T) {
//		url := pg.NewDatabase(t) // skips (or fails when CI=true) without PostgreSQL
//		...
//	}
//
// A package whose tests start no server pays nothing: the server starts
// with the first test that asks for a database.
//
// PostgreSQL refuses to run as root: when the test runs as root the
// cluster is created and the server started as the "postgres" system user
// the package creates (or "nobody"), with the temporary directory chowned
// to it. The server is started in its own process group and, on Linux,
// dies with the test process (Pdeathsig).
package pgtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// InstallHint is the command that installs what the server needs.
const InstallHint = "apt-get install -y postgresql"

// Server is one running PostgreSQL server.
type Server struct {
	// Dir holds the cluster (Dir/data) and the unix socket.
	Dir  string
	Port int
	cmd  *exec.Cmd
	done chan error
	n    atomic.Int64
}

// Options tune Start.
type Options struct {
	// Fsync turns fsync and synchronous commits on, as a real
	// deployment has them (benchmarks of durable writes). Default off.
	Fsync bool
	// Settings are more `-c name=value` settings for the server.
	Settings map[string]string
}

// BinDir finds the PostgreSQL server binaries: $GROGNARD_PG_BIN, `pg_config
// --bindir`, or the newest /usr/lib/postgresql/*/bin holding initdb.
func BinDir() (string, error) {
	if d := os.Getenv("GROGNARD_PG_BIN"); d != "" {
		return d, nil
	}
	if out, err := exec.Command("pg_config", "--bindir").Output(); err == nil {
		d := strings.TrimSpace(string(out))
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return pgVersion(dirs[i]) > pgVersion(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	return "", fmt.Errorf("no PostgreSQL server binaries (initdb, postgres) found: %s", InstallHint)
}

func pgVersion(bin string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(bin)))
	return n
}

// Start creates a cluster in a new temporary directory and starts a
// server on it. Stop it with Stop.
func Start(opts Options) (*Server, error) {
	bin, err := BinDir()
	if err != nil {
		return nil, err
	}
	owner, err := serverAccount()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "pgtest")
	if err != nil {
		return nil, err
	}
	s := &Server{Dir: dir, Port: 5432}
	fail := func(err error) (*Server, error) {
		os.RemoveAll(dir)
		return nil, err
	}
	data := filepath.Join(dir, "data")
	if err := os.Mkdir(data, 0o700); err != nil {
		return fail(err)
	}
	if owner != nil {
		for _, p := range []string{dir, data} {
			if err := owner.chown(p); err != nil {
				return fail(err)
			}
		}
		os.Chmod(dir, 0o755)
	}
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", data, "-U", "grognard", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions")
	initdb.Dir = dir
	initdb.SysProcAttr = owner.attr(false)
	if out, err := initdb.CombinedOutput(); err != nil {
		return fail(fmt.Errorf("initdb: %v\n%s", err, out))
	}
	args := []string{"-D", data, "-k", dir, "-c", "listen_addresses=", "-p", strconv.Itoa(s.Port),
		"-c", "max_connections=200", "-c", "shared_buffers=32MB", "-c", "log_min_messages=warning"}
	if !opts.Fsync {
		args = append(args, "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off")
	}
	keys := make([]string, 0, len(opts.Settings))
	for k := range opts.Settings {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		args = append(args, "-c", k+"="+opts.Settings[k])
	}
	var logs bytes.Buffer
	cmd := exec.Command(filepath.Join(bin, "postgres"), args...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = &logs, &logs
	cmd.SysProcAttr = owner.attr(true)
	// The server is started, and waited for, from one goroutine locked
	// to its thread: Pdeathsig fires when the thread that started the
	// child ends, so that thread lives as long as the server.
	started := make(chan error, 1)
	s.done = make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		s.done <- cmd.Wait()
	}()
	if err := <-started; err != nil {
		return fail(fmt.Errorf("postgres: %w", err))
	}
	s.cmd = cmd
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for {
		conn, err := pgx.Connect(ctx, s.URL("postgres"))
		if err == nil {
			conn.Close(ctx)
			return s, nil
		}
		select {
		case werr := <-s.done:
			os.RemoveAll(dir)
			return nil, fmt.Errorf("postgres exited (%v): %s", werr, logs.String())
		case <-ctx.Done():
			s.Stop()
			return nil, fmt.Errorf("postgres did not accept connections: %v: %s", err, logs.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// URL is the connection URL of database db on the server.
func (s *Server) URL(db string) string {
	return fmt.Sprintf("postgres://grognard@/%s?host=%s&port=%d&sslmode=disable", db, s.Dir, s.Port)
}

// CreateDatabase creates a new empty database and returns its URL.
func (s *Server) CreateDatabase(ctx context.Context) (string, error) {
	name := fmt.Sprintf("t%d_%d", os.Getpid(), s.n.Add(1))
	conn, err := pgx.Connect(ctx, s.URL("postgres"))
	if err != nil {
		return "", err
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name+" TEMPLATE template0"); err != nil {
		return "", err
	}
	return s.URL(name), nil
}

// Exec runs SQL as the superuser on database postgres (ALTER SYSTEM, …).
func (s *Server) Exec(ctx context.Context, sql string) error {
	conn, err := pgx.Connect(ctx, s.URL("postgres"))
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, sql)
	return err
}

// Stop shuts the server down (fast shutdown) and removes its directory.
func (s *Server) Stop() error {
	if s.cmd != nil && s.cmd.Process != nil {
		s.cmd.Process.Signal(syscall.SIGINT)
		select {
		case <-s.done:
		case <-time.After(30 * time.Second):
			s.cmd.Process.Kill()
			<-s.done
		}
	}
	return os.RemoveAll(s.Dir)
}

// Shared is the one server of a test package: Run (from TestMain) runs
// the tests and stops the server; the first test that needs it starts it
// (Server, NewDatabase), so a run that selects no such test starts none.
type Shared struct {
	Options Options
	mu      sync.Mutex
	started bool
	srv     *Server
	err     error
}

// Run runs the tests and stops the server if one was started.
func (p *Shared) Run(m *testing.M) int {
	code := m.Run()
	p.Stop()
	return code
}

// Stop stops the server if one was started (a second Shared of the same
// package is stopped this way from TestMain).
func (p *Shared) Stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.srv != nil {
		p.srv.Stop()
		p.srv = nil
	}
}

// Server returns the running server, starting it on first use. When it
// cannot start, the test is skipped, or failed when the environment has
// CI=true (CI must run these tests: `.ci/run` installs PostgreSQL).
func (p *Shared) Server(tb testing.TB) *Server {
	tb.Helper()
	p.mu.Lock()
	if !p.started {
		p.started = true
		p.srv, p.err = Start(p.Options)
	}
	srv, err := p.srv, p.err
	p.mu.Unlock()
	if srv == nil {
		if err == nil {
			err = errors.New("the server was stopped (pgtest.Shared.Run has returned)")
		}
		if os.Getenv("CI") == "true" {
			tb.Fatalf("PostgreSQL is needed (CI=true): %v", err)
		}
		tb.Skipf("PostgreSQL is not available (%v); install it with: %s", err, InstallHint)
	}
	return srv
}

// NewDatabase creates an empty database for this test and returns its URL.
func (p *Shared) NewDatabase(tb testing.TB) string {
	tb.Helper()
	s := p.Server(tb)
	url, err := s.CreateDatabase(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	return url
}
