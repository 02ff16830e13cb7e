package web

import (
	"fmt"
	"html/template"
	"math"
	"strings"

	"github.com/grognard/grognard/bot"
)

// chartColours tell the players' lines apart (colour-blind-safe order).
var chartColours = []string{"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#f0e442"}

// ratingChart draws the players' Elo after each rated game as an SVG
// line chart, drawn on the server: no script, no style attribute (the
// site's Content-Security-Policy allows neither inline), only
// presentation attributes. It is "" when no game was rated.
func ratingChart(series []bot.RatingSeries, xLabel, yLabel string) template.HTML {
	n := 0
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range series {
		n = max(n, len(s.Points))
		for _, v := range s.Points {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if n < 2 {
		return ""
	}
	lo, hi = math.Floor((lo-10)/10)*10, math.Ceil((hi+10)/10)*10
	const w, h, left, right, top, bottom = 640.0, 320.0, 48.0, 150.0, 16.0, 36.0
	pw, ph := w-left-right, h-top-bottom
	x := func(i int) float64 { return left + pw*float64(i)/float64(n-1) }
	y := func(v float64) float64 { return top + ph*(hi-v)/(hi-lo) }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" id="rating-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %.0f %.0f" role="img" aria-label="%s">`, w, h, template.HTMLEscapeString(yLabel))
	// Grid and axes.
	step := math.Max(10, math.Ceil((hi-lo)/5/10)*10)
	for v := lo; v <= hi; v += step {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd" stroke-width="1"/>`, left, y(v), left+pw, y(v))
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="13" text-anchor="end" fill="#444">%.0f</text>`, left-4, y(v)+4, v)
	}
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="13" text-anchor="middle" fill="#444">%d</text>`, x(i), top+ph+14, i)
	}
	fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="13" text-anchor="middle" fill="#444">%s</text>`, left+pw/2, h-4, template.HTMLEscapeString(xLabel))
	for k, s := range series {
		col := chartColours[k%len(chartColours)]
		var pts []string
		for i, v := range s.Points {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(i), y(v)))
		}
		fmt.Fprintf(&b, `<polyline class="rating" fill="none" stroke="%s" stroke-width="2.5" points="%s"><title>%s</title></polyline>`,
			col, strings.Join(pts, " "), template.HTMLEscapeString(s.Player))
		last := s.Points[len(s.Points)-1]
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>`, x(len(s.Points)-1), y(last), col)
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="12" height="4" fill="%s"/>`, left+pw+12, top+float64(k)*18+6, col)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="14" fill="#222">%s %.0f</text>`, left+pw+28, top+float64(k)*18+12,
			template.HTMLEscapeString(s.Player), last)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String()) // every string in it is escaped above
}
