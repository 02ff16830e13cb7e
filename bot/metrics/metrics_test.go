package metrics

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func get(t *testing.T, h http.Handler, path string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	b, _ := io.ReadAll(rec.Result().Body)
	return rec.Code, string(b)
}

// TestMetrics scrapes /metrics after some orders, renders and timers, and
// checks the series and their values; /healthz follows the health check.
func TestMetrics(t *testing.T) {
	m := New(func() (int, error) { return 7, nil })
	m.Order(true, 3*time.Millisecond)
	m.Order(true, 40*time.Millisecond)
	m.Order(false, time.Millisecond)
	m.Render(12 * time.Millisecond)
	m.Deadline("reminder")
	m.Deadline("reminder")
	m.Deadline("expired")
	var healthy error
	h := Handler(m, func() error { return healthy })
	code, body := get(t, h, "/metrics")
	if code != 200 {
		t.Fatalf("/metrics: %d", code)
	}
	for _, want := range []string{
		"grognard_active_games 7",
		`grognard_orders_total{result="accepted"} 2`,
		`grognard_orders_total{result="rejected"} 1`,
		"grognard_order_seconds_count 3",
		`grognard_order_seconds_bucket{le="0.005"} 2`,
		"grognard_render_seconds_count 1",
		`grognard_timers_total{kind="reminder"} 2`,
		`grognard_timers_total{kind="expired"} 1`,
		`grognard_timers_total{kind="digest"} 0`,
		"go_goroutines",
	} {
		if !strings.Contains(body, want+"\n") && !strings.Contains(body, want+" ") {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if code, body := get(t, h, "/healthz"); code != 200 || body != "ok\n" {
		t.Errorf("/healthz: %d %q", code, body)
	}
	healthy = errors.New("store: closed")
	if code, body := get(t, h, "/healthz"); code != 503 || !strings.Contains(body, "store: closed") {
		t.Errorf("/healthz unhealthy: %d %q", code, body)
	}
	if code, _ := get(t, h, "/nothing"); code != 404 {
		t.Errorf("/nothing: %d", code)
	}
}
