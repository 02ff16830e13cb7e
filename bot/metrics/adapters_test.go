package metrics

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// TestAdapterStates: /healthz lists each chat adapter's state; it answers
// 200 while one of them works, 503 when none does; grognard_adapter_up
// follows them.
func TestAdapterStates(t *testing.T) {
	m := New(nil)
	h := Handler(m, func() error { return nil })
	a := m.Adapters()
	a.Set("discord", AdapterStarting, nil, time.Time{})
	a.Set("matrix", AdapterStarting, nil, time.Time{})
	if code, body := get(t, h, "/healthz"); code != 503 || !strings.Contains(body, "no chat adapter works") ||
		!strings.Contains(body, "discord: starting") || !strings.Contains(body, "matrix: starting") {
		t.Errorf("/healthz while starting: %d %q", code, body)
	}
	a.Set("discord", AdapterUp, nil, time.Time{})
	a.Set("matrix", AdapterRetrying, errors.New("dial tcp: connection refused"), time.Now().Add(time.Minute))
	code, body := get(t, h, "/healthz")
	if code != 200 || !strings.HasPrefix(body, "ok\n") || !strings.Contains(body, "discord: up") ||
		!strings.Contains(body, "matrix: retrying in 1m0s after 1 failure(s): dial tcp: connection refused") {
		t.Errorf("/healthz with matrix down: %d %q", code, body)
	}
	_, metrics := get(t, h, "/metrics")
	for _, want := range []string{`grognard_adapter_up{adapter="discord"} 1`, `grognard_adapter_up{adapter="matrix"} 0`} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	// A running adapter whose probe fails is degraded, not working.
	a.Set("discord", AdapterRetrying, errors.New("401 unauthorized"), time.Now().Add(time.Second))
	a.Set("matrix", AdapterUp, nil, time.Time{})
	a.Probe("matrix", func() error { return errors.New("the syncs have failed since …") })
	if code, body := get(t, h, "/healthz"); code != 503 || !strings.Contains(body, "matrix: degraded: the syncs have failed") {
		t.Errorf("/healthz with matrix degraded and discord down: %d %q", code, body)
	}
	a.Probe("matrix", func() error { return nil })
	if code, body := get(t, h, "/healthz"); code != 200 || !strings.Contains(body, "matrix: up") {
		t.Errorf("/healthz with matrix back: %d %q", code, body)
	}
	var none *Adapters
	none.Set("x", AdapterUp, nil, time.Time{}) // a nil registry does nothing
	if none.States() != nil {
		t.Error("a nil registry has states")
	}
}
