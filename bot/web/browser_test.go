package web

import (
	"context"
	"flag"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/render"
)

var update = flag.Bool("update", false, "write the browser test's screenshots to docs/web/")

// chromium finds the browser, or skips (fails under CI=true) with the
// command that installs it.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "the browser test needs Chromium: apt-get install -y chromium"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// TestBrowser opens the site in a headless Chromium on a phone-sized
// window: the game page loads its board, the replay steps back and the
// image changes, a private link shows its side's hand and the public page
// does not, the dice audit recomputes every roll in the page, and the
// league page draws its rating chart. No page reports an error (a
// Content-Security-Policy violation among them). With -update it writes
// the screenshots of docs/web/.
func TestBrowser(t *testing.T) {
	bin := chromium(t)
	// The real renderer only for the screenshots: the checks need an
	// image per board, which hashRenderer draws in no time.
	var rend bot.Renderer
	if *update {
		rend = render.New()
	}
	s := newSite(t, rend)
	s.manGame()   // g1, on
	s.playLegal() // one unit deployed: the board changes
	s.say("alice", "new man-frgb vs bob")
	s.say("bob", "g2 accept")
	s.say("bob", "g2 concede yes") // g2, over: its seed is revealed
	priv := s.privatePath("alice", "g1")
	handA, handB := s.handOf(game.SideA), s.handOf(game.SideB)
	league := s.leagueWithResults()

	actx, cancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(bin), chromedp.Headless, chromedp.NoSandbox, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-gpu", true), chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(390, 844))
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	var mu sync.Mutex
	var problems []string
	if err := chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *log.EventEntryAdded:
			if e.Entry.Level == log.EntryLevelError {
				problems = append(problems, e.Entry.Text)
			}
		case *runtime.EventExceptionThrown:
			problems = append(problems, e.ExceptionDetails.Text)
		}
	}); err != nil {
		t.Fatal(err)
	}
	// Every wait below is bounded generously: it stops a browser that
	// will never answer, it measures nothing.
	tctx, stop := context.WithTimeout(ctx, 2*time.Minute)
	defer stop()
	do := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(tctx, steps...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	eval := func(what, js string) string {
		t.Helper()
		v, err := chromedp.Run(tctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		return v
	}
	// pixels is the board image as the page shows it, read back through a
	// canvas, once it has loaded.
	const pixels = `(() => { const i = document.getElementById("board-img");
		if (!i.complete || i.naturalWidth === 0) return "";
		const c = document.createElement("canvas"); c.width = i.naturalWidth; c.height = i.naturalHeight;
		c.getContext("2d").drawImage(i, 0, 0); return c.toDataURL(); })()`
	loaded := `document.getElementById("board-img").complete && document.getElementById("board-img").naturalWidth > 0`

	do("open the game page", chromedp.EmulateViewport(390, 844), chromedp.Navigate(s.srv.URL+"/g/g1"), chromedp.Poll[chromedp.Void](loaded))
	now := eval("read the board", pixels)
	if now == "" {
		t.Fatal("the board image did not load")
	}
	public := eval("read the page", `document.body.innerText`)
	label := eval("read the step", `document.getElementById("step-label").textContent`)
	if *update {
		shot(t, tctx, "game.png")
	}
	do("step back", chromedp.Click(chromedp.CSS("#prev")),
		chromedp.Poll[chromedp.Void](`document.getElementById("step-label").textContent !== `+jsString(label)+` && `+loaded))
	before := eval("read the board", pixels)
	if before == "" || before == now {
		t.Error("stepping back did not change the board image")
	}
	back := eval("read the address", `location.href`)
	if !strings.Contains(back, "step=") {
		t.Errorf("the address does not follow the replay: %q", back)
	}
	do("step forward", chromedp.Click(chromedp.CSS("#next")), chromedp.Poll[chromedp.Void](`document.getElementById("step-label").textContent === `+jsString(label)+` && `+loaded))
	if eval("read the board", pixels) != now {
		t.Error("stepping forward again did not bring the same board back")
	}
	// Without the script the replay is links: the server's step page.
	do("open a step by its address", chromedp.Navigate(back), chromedp.Poll[chromedp.Void](loaded))
	if eval("read the board", pixels) != before {
		t.Error("the step page's board is not the replay's")
	}

	// The private link shows alice's hand, the public page neither hand.
	do("open the private link", chromedp.Navigate(s.srv.URL+priv), chromedp.Poll[chromedp.Void](loaded))
	private := eval("read the page", `document.getElementById("units").textContent`)
	for _, c := range handA {
		if !strings.Contains(private, c) {
			t.Errorf("the private page lacks alice's %s", c)
		}
		if !contains(handB, c) && strings.Contains(public, c) {
			t.Errorf("the public page shows alice's %s", c)
		}
	}
	for _, c := range handB {
		if !contains(handA, c) && (strings.Contains(public, c) || strings.Contains(private, c)) {
			t.Errorf("bob's %s is shown to alice or the public", c)
		}
	}

	// The dice audit of the finished game, recomputed by the page.
	do("audit the dice", chromedp.Navigate(s.srv.URL+"/g/g2"), chromedp.Click(chromedp.CSS("#verify")),
		chromedp.Poll[chromedp.Void](`document.getElementById("verify-result").textContent !== ""`))
	res := eval("read the audit", `document.getElementById("verify-result").textContent`)
	rows := eval("count the rolls", `String(document.querySelectorAll("#rolls tbody tr").length)`)
	if res != "✓ "+rows+"/"+rows || rows == "0" {
		t.Errorf("the browser's audit says %q over %s rolls", res, rows)
	}
	if c := eval("read the commitment check", `document.getElementById("commit-check").textContent`); c != "✓ SHA-256" {
		t.Errorf("the seed's commitment check says %q", c)
	}

	// The league page draws its chart.
	do("open the league", chromedp.Navigate(s.srv.URL+"/l/"+url.PathEscape(league)), chromedp.WaitVisible(chromedp.CSS("#rating-chart")))
	drawn := eval("measure the chart", `(() => { const s = document.getElementById("rating-chart"); const r = s.getBoundingClientRect();
		const lines = s.querySelectorAll("polyline.rating");
		return r.width + "x" + r.height + " " + lines.length + " " + Array.from(lines).every(l => l.getTotalLength() > 0); })()`)
	if f := strings.Fields(drawn); len(f) != 3 || strings.HasPrefix(f[0], "0x") || f[1] != "4" || f[2] != "true" {
		t.Errorf("the rating chart: %s (want a size, 4 lines, each drawn)", drawn)
	}
	if *update {
		shot(t, tctx, "league.png")
	}
	mu.Lock()
	defer mu.Unlock()
	for _, p := range problems {
		t.Errorf("the browser reported: %s", p)
	}
}

// shot saves a screenshot of the viewport in docs/web/.
func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "..", "docs", "web", name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
}

func jsString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// browser is a headless Chromium for a test, with the errors its pages
// report.
type browser struct {
	t        *testing.T
	ctx      context.Context
	mu       sync.Mutex
	problems []string
}

// newBrowser starts Chromium on a phone-sized window; it stops with the
// test.
func newBrowser(t *testing.T, bin string) *browser {
	t.Helper()
	actx, cancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(bin), chromedp.Headless, chromedp.NoSandbox, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-gpu", true), chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(390, 844))
	t.Cleanup(cancel)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	b := &browser{t: t}
	if err := chromedp.Listen(ctx, func(ev any) {
		b.mu.Lock()
		defer b.mu.Unlock()
		switch e := ev.(type) {
		case *log.EventEntryAdded:
			if e.Entry.Level == log.EntryLevelError {
				b.problems = append(b.problems, e.Entry.Text)
			}
		case *runtime.EventExceptionThrown:
			b.problems = append(b.problems, e.ExceptionDetails.Text)
		}
	}); err != nil {
		t.Fatal(err)
	}
	// A bound on every wait: it stops a browser that will never answer,
	// it measures nothing.
	tctx, stop := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(stop)
	b.ctx = tctx
	return b
}

func (b *browser) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

func (b *browser) eval(what, js string) string {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](js))
	if err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
	return v
}

// check fails the test for every error a page reported.
func (b *browser) check() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, p := range b.problems {
		b.t.Errorf("the browser reported: %s", p)
	}
}

// chromedpNavigateClick opens url, clicks the element of selector and
// waits until js is true.
func chromedpNavigateClick(url, selector, js string) []chromedp.Action[chromedp.Void] {
	return []chromedp.Action[chromedp.Void]{chromedp.EmulateViewport(390, 844), chromedp.Navigate(url),
		chromedp.Click(chromedp.CSS(selector)), chromedp.Poll[chromedp.Void](js)}
}
