package metrics

import (
	"fmt"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics holds grognard's Prometheus collectors. It implements
// bot.Metrics; its methods are safe for concurrent use.
type Metrics struct {
	reg       *prometheus.Registry
	orders    *prometheus.CounterVec
	orderLat  prometheus.Histogram
	renderLat prometheus.Histogram
	deadlines *prometheus.CounterVec
	adapters  *Adapters
}

// Latency buckets in seconds: 1 ms to 10 s.
var buckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10}

// New registers the collectors on a registry of their own, with the Go
// runtime and process collectors. activeGames, when not nil, is called at
// each scrape for the grognard_active_games gauge.
func New(activeGames func() (int, error)) *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		reg: reg,
		orders: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "grognard_orders_total", Help: "Orders handled, by result (accepted: stored; rejected: refused by the rules).",
		}, []string{"result"}),
		orderLat: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "grognard_order_seconds", Help: "Time from an order's request to the bot's reply.", Buckets: buckets,
		}),
		renderLat: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "grognard_render_seconds", Help: "Time to draw one board image.", Buckets: buckets,
		}),
		deadlines: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "grognard_timers_total", Help: "Timers done by the scheduler, by kind (reminder: a reminder sent; expired: a deadline passed and its defaults played; digest: a daily digest sent).",
		}, []string{"kind"}),
	}
	// Known label values start at zero, so that rates exist from the start.
	for _, r := range []string{"accepted", "rejected"} {
		m.orders.WithLabelValues(r)
	}
	for _, k := range []string{"reminder", "expired", "digest"} {
		m.deadlines.WithLabelValues(k)
	}
	m.adapters = NewAdapters()
	m.adapters.up = prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "grognard_adapter_up", Help: "1 while a chat adapter runs, 0 while it starts again after a failure or has stopped.",
	}, []string{"adapter"})
	reg.MustRegister(m.orders, m.orderLat, m.renderLat, m.deadlines, m.adapters.up,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if activeGames != nil {
		reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "grognard_active_games", Help: "Games being played (status active).",
		}, func() float64 {
			n, err := activeGames()
			if err != nil {
				return -1
			}
			return float64(n)
		}))
	}
	return m
}

// Order counts an order and observes its latency.
func (m *Metrics) Order(accepted bool, d time.Duration) {
	r := "rejected"
	if accepted {
		r = "accepted"
	}
	m.orders.WithLabelValues(r).Inc()
	m.orderLat.Observe(d.Seconds())
}

// Render observes the time to draw a board.
func (m *Metrics) Render(d time.Duration) { m.renderLat.Observe(d.Seconds()) }

// Deadline counts a timer done.
func (m *Metrics) Deadline(kind string) { m.deadlines.WithLabelValues(kind).Inc() }

// Adapters is the state of the chat adapters, reported by /healthz and
// the grognard_adapter_up gauge.
func (m *Metrics) Adapters() *Adapters {
	if m == nil {
		return nil
	}
	return m.adapters
}

// Registry is the registry the collectors are on (for tests and extra
// collectors).
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Handler serves /metrics (the Prometheus text format) and /healthz:
// 200 "ok" when health returns nil and at least one chat adapter works
// (or none was started), 503 with the reason otherwise; then one line
// per chat adapter with its state (Metrics.Adapters): up, starting,
// degraded (running, but its last sync failed) or retrying after a
// failure, with the failure.
func Handler(m *Metrics, health func() error) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		adapters, working := m.adapters.report(time.Now())
		if health != nil {
			if err := health(); err != nil {
				w.WriteHeader(http.StatusServiceUnavailable)
				fmt.Fprintln(w, "unhealthy:", err)
				fmt.Fprint(w, adapters)
				return
			}
		}
		if !working {
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprintln(w, "unhealthy: no chat adapter works")
			fmt.Fprint(w, adapters)
			return
		}
		fmt.Fprintln(w, "ok")
		fmt.Fprint(w, adapters)
	})
	return mux
}
