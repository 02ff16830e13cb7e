package matrix

// The test homeserver: a real Dendrite, built once from the pinned tools
// module (tools/dendrite) into a cache directory, started on 127.0.0.1
// with SQLite files in a temporary directory, stopped by PID when the
// package's tests end.

import (
	"bufio"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"maunium.net/go/mautrix"
	"maunium.net/go/mautrix/id"
	"maunium.net/go/mautrix/synapseadmin"
)

// Rate limiting on the test server: accounts registered as server
// administrators are exempt (every test user and most bots); the others
// get M_LIMIT_EXCEEDED from the second rate-limited call (join, invite,
// upload …) within hsCooloff. TestRateLimit makes two such calls in a row,
// so hsCooloff only has to outlast one request on a busy machine.
const (
	hsServerName = "localhost"
	hsSecret     = "grognard-test-shared-secret"
	hsCooloff    = time.Second
)

type homeserver struct {
	url  string
	dir  string
	cmd  *exec.Cmd
	done chan struct{}
	log  string
	bin  string
}

var (
	hsOnce   sync.Once
	hsShared *homeserver
	hsErr    error
	hsSkip   bool // the binary could not be built outside CI
)

func TestMain(m *testing.M) {
	code := m.Run()
	if hsShared != nil {
		hsShared.stop()
	}
	os.Exit(code)
}

// needHomeserver returns the package's Dendrite, building and starting it
// on first use. A build failure skips the test loudly outside CI and fails
// it in CI (CI=true); a start failure always fails it.
func needHomeserver(t testing.TB) *homeserver {
	t.Helper()
	hsOnce.Do(func() { hsShared, hsErr = startHomeserver() })
	if hsErr != nil {
		if hsSkip && os.Getenv("CI") != "true" {
			t.Skipf("\n\n*** MATRIX END-TO-END TESTS SKIPPED: Dendrite could not be built ***\n%v\n(in CI, CI=true makes this a failure)\n", hsErr)
		}
		t.Fatalf("test homeserver: %v", hsErr)
	}
	return hsShared
}

// toolsDir is the pinned Dendrite tools module.
func toolsDir() string { return filepath.Join("..", "..", "tools", "dendrite") }

// dendriteVersion reads the pinned version from tools/dendrite/go.mod.
func dendriteVersion() (string, error) {
	f, err := os.Open(filepath.Join(toolsDir(), "go.mod"))
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		w := strings.Fields(sc.Text())
		if len(w) >= 2 && w[0] == "github.com/element-hq/dendrite" {
			return w[1], nil
		}
		if len(w) >= 3 && w[0] == "require" && w[1] == "github.com/element-hq/dendrite" {
			return w[2], nil
		}
	}
	return "", errors.New("tools/dendrite/go.mod does not require github.com/element-hq/dendrite")
}

// DendriteBin is where the test binary lives: $GROGNARD_DENDRITE_BIN, or
// <user cache dir>/grognard/dendrite-<version>/dendrite (.ci/run builds
// the same path).
func dendriteBin() (string, error) {
	if p := os.Getenv("GROGNARD_DENDRITE_BIN"); p != "" {
		return p, nil
	}
	v, err := dendriteVersion()
	if err != nil {
		return "", err
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(cache, "grognard", "dendrite-"+v, "dendrite"), nil
}

// buildDendrite builds the pinned Dendrite into bin (several minutes on
// two busy cores the first time, README; the Go build cache makes later
// builds fast).
func buildDendrite(bin string) error {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		goCmd = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		return err
	}
	tmp := fmt.Sprintf("%s.tmp%d", bin, os.Getpid())
	fmt.Fprintf(os.Stderr, "bot/matrix: building Dendrite from tools/dendrite into %s (once; several minutes on a cold cache)…\n", bin)
	start := time.Now()
	cmd := exec.Command(goCmd, "build", "-o", tmp, "github.com/element-hq/dendrite/cmd/dendrite")
	cmd.Dir = toolsDir()
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("go build github.com/element-hq/dendrite/cmd/dendrite in tools/dendrite: %v\n%s", err, out)
	}
	fmt.Fprintf(os.Stderr, "bot/matrix: Dendrite built in %s\n", time.Since(start).Round(time.Second))
	return os.Rename(tmp, bin)
}

func startHomeserver() (*homeserver, error) {
	bin, err := dendriteBin()
	if err != nil {
		hsSkip = true
		return nil, err
	}
	if _, err := os.Stat(bin); err != nil {
		if err := buildDendrite(bin); err != nil {
			hsSkip = true
			return nil, err
		}
	}
	var last error
	for range 3 { // a free port can be taken between the probe and the start
		h, err := launch(bin)
		if err == nil {
			return h, nil
		}
		last = err
	}
	return nil, last
}

func launch(bin string) (*homeserver, error) {
	dir, err := os.MkdirTemp("", "grognard-dendrite-")
	if err != nil {
		return nil, err
	}
	h := &homeserver{dir: dir, done: make(chan struct{}), log: filepath.Join(dir, "dendrite.log"), bin: bin}
	fail := func(err error) (*homeserver, error) {
		h.stop()
		return nil, err
	}
	if err := writeMatrixKey(filepath.Join(dir, "matrix_key.pem")); err != nil {
		return fail(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "dendrite.yaml"), []byte(dendriteConfig(dir)), 0o600); err != nil {
		return fail(err)
	}
	port, err := freePort()
	if err != nil {
		return fail(err)
	}
	h.url = fmt.Sprintf("http://127.0.0.1:%d", port)
	logf, err := os.Create(h.log)
	if err != nil {
		return fail(err)
	}
	h.cmd = exec.Command(bin, "-config", filepath.Join(dir, "dendrite.yaml"), "-http-bind-address", fmt.Sprintf("127.0.0.1:%d", port))
	h.cmd.Dir = dir
	h.cmd.Stdout, h.cmd.Stderr = logf, logf
	if err := h.cmd.Start(); err != nil {
		logf.Close()
		return fail(err)
	}
	go func() {
		h.cmd.Wait()
		logf.Close()
		close(h.done)
	}()
	deadline := time.Now().Add(60 * time.Second)
	for {
		select {
		case <-h.done:
			return fail(fmt.Errorf("dendrite exited at start:\n%s", h.logTail()))
		default:
		}
		resp, err := http.Get(h.url + "/_matrix/client/versions")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return h, nil
			}
		}
		if time.Now().After(deadline) {
			return fail(fmt.Errorf("dendrite did not answer /_matrix/client/versions within 60 s:\n%s", h.logTail()))
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// stop ends Dendrite by its PID (SIGTERM, then SIGKILL after 5 s) and
// removes its directory.
func (h *homeserver) stop() {
	if h.cmd != nil && h.cmd.Process != nil {
		h.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-h.done:
		case <-time.After(5 * time.Second):
			h.cmd.Process.Kill()
			<-h.done
		}
	}
	os.RemoveAll(h.dir)
}

func (h *homeserver) logTail() string {
	b, _ := os.ReadFile(h.log)
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	return string(b)
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// writeMatrixKey writes a server signing key as generate-keys does: an
// Ed25519 seed in a "MATRIX PRIVATE KEY" PEM block with its Key-ID.
func writeMatrixKey(path string) error {
	seed := make([]byte, ed25519.SeedSize)
	if _, err := rand.Read(seed); err != nil {
		return err
	}
	block := &pem.Block{Type: "MATRIX PRIVATE KEY", Headers: map[string]string{"Key-ID": "ed25519:test01"}, Bytes: seed}
	return os.WriteFile(path, pem.EncodeToMemory(block), 0o600)
}

// dendriteConfig is a monolith on loopback: SQLite files in dir,
// registration closed (shared-secret registration only), federation off,
// in-memory JetStream and search, rate limiting for non-admin accounts.
func dendriteConfig(dir string) string {
	db := func(name string) string {
		return fmt.Sprintf("    connection_string: file:%s\n", filepath.Join(dir, "dendrite_"+name+".db"))
	}
	return `version: 2
global:
  server_name: ` + hsServerName + `
  private_key: matrix_key.pem
  key_validity_period: 168h0m0s
  cache:
    max_size_estimated: 64mb
    max_age: 1h
  trusted_third_party_id_servers: []
  disable_federation: true
  presence:
    enable_inbound: false
    enable_outbound: false
  report_stats:
    enabled: false
  server_notices:
    enabled: false
  jetstream:
    in_memory: true
    storage_path: ` + dir + `
    topic_prefix: Dendrite
  metrics:
    enabled: false
  dns_cache:
    enabled: false
app_service_api:
  config_files: []
client_api:
  registration_disabled: true
  guests_disabled: true
  registration_shared_secret: ` + hsSecret + `
  enable_registration_captcha: false
  rate_limiting:
    enabled: true
    threshold: 1
    cooloff_ms: ` + fmt.Sprint(hsCooloff.Milliseconds()) + `
federation_api:
  database:
` + db("federationapi") + `  key_perspectives: []
key_server:
  database:
` + db("keyserver") + `media_api:
  database:
` + db("mediaapi") + `  base_path: ` + filepath.Join(dir, "media") + `
  max_file_size_bytes: 10485760
  dynamic_thumbnails: false
mscs:
  mscs: []
  database:
` + db("mscs") + `relay_api:
  database:
` + db("relayapi") + `room_server:
  database:
` + db("roomserver") + `sync_api:
  database:
` + db("syncapi") + `  search:
    enabled: false
    in_memory: true
    index_path: ` + filepath.Join(dir, "searchindex") + `
user_api:
  account_database:
` + db("userapi") + `  bcrypt_cost: 4
logging:
  - type: std
    level: warn
`
}

// register creates an account by shared-secret registration and returns
// its access token. admin accounts are exempt from rate limits.
func (h *homeserver) register(t testing.TB, name string, admin bool) (id.UserID, string) {
	t.Helper()
	cli, err := mautrix.NewClient(h.url, "", "")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	resp, err := (&synapseadmin.Client{Client: cli}).SharedSecretRegister(ctx, hsSecret, synapseadmin.ReqSharedSecretRegister{
		Username: name, Password: "pw-" + name + "-0123456789", Admin: admin,
	})
	if err != nil {
		t.Fatalf("register %s: %v\n%s", name, err, h.logTail())
	}
	return resp.UserID, resp.AccessToken
}

// uniq makes account names unique across the tests of one run.
var (
	uniqMu sync.Mutex
	uniqN  int
)

func uniq(name string) string {
	uniqMu.Lock()
	defer uniqMu.Unlock()
	uniqN++
	return fmt.Sprintf("%s%d", name, uniqN)
}
