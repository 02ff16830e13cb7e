// Package render draws a board — the neutral, per-side game.Board a
// ruleset builds — as a PNG that stays legible on a phone, fast enough to
// post after every phase.
//
// # Use
//
//	r := render.New()                  // one per process; safe for concurrent use
//	png, err := r.PNG(board)           // the whole map, at most 1600 px wide
//	png, err = r.Zoom(board, c, 3)     // a crop of radius 3 around cell c, larger
//	png, err = r.FollowPNG(board)      // the crop around the last action (Focus), for phones
//	img, err := r.Image(board)         // the *image.Paletted, for tests
//
// The board is drawn as given: the renderer never looks anything up in a
// state, so it cannot show what the viewer's view left out. Only pieces
// with Status "active" and a cell are drawn. A piece with a face-down flag
// ("face-down", "hidden", "concealed") is drawn as a hatched counter with
// its id and a "?": its type and values are dropped before drawing, even
// if the view still carries them.
//
// # What is drawn
//
//   - Hex grids (flat-top, odd-q) and square grids, with the cell label
//     (Map.Label: CCRR, a1…h8; CCCRR on maps of more than 99 columns,
//     set smaller to fit the width of four digits) in every cell.
//   - Terrain: a fill and a symbol per terrain so that it reads without
//     colour — clear, forest (trees), marsh (tufts), village (houses), town
//     (more houses), lake (waves), fields (furrows), rough (dots); high
//     ground (Cell.Level > 0, or a "hill" terrain) is tinted and ringed by
//     a dashed contour. Common synonyms are accepted (woods, swamp, city…);
//     an unknown terrain gets a neutral grey and its first three letters.
//   - Links through cell centres: "road" solid, "path" dashed, others
//     dotted grey. Hexside features: "river" (thick blue), "stream" (thin
//     blue), "lake", "ridge" (a line with hachures on the low side, the
//     cell with the lower level; both sides when level), "entrenchment"
//     (saw-tooth), "bridge" (deck and parapets across the water, the road
//     over it), "ford" (a pale dashed crossing); unknown features a dashed
//     grey line.
//   - Counters in three rows, as printed: the id as typed in orders, a
//     NATO-style symbol, the values ("6-4"). The symbol and colour come
//     from data — Piece.Symbol and Piece.Color, which Board.DrawFrom
//     fills from the scenario's counter faces — never from the words of
//     a type: infantry ⊠, light-infantry ⊠ with a bar, cavalry ⧄,
//     dragoons ⧄ with a bar, artillery •, horse-artillery • in ⧄,
//     engineers a bridge sign, baggage a low bar, leader ★; none or an
//     unknown symbol a plain box. Colours are the game.CounterColors
//     names; without one, side A is Okabe–Ito blue with white text and
//     side B orange with black text. Side B's counters have cut corners
//     whatever their colour, so the sides differ in shape too. Status
//     tags on the right edge: R routed, D disordered, ½ reduced, M
//     demoralized, OC out of command, C charged, X fired/spent, E
//     entrenched; other flags (unit attributes such as "guard") are not
//     drawn. Facing (1…Dirs) is a dark wedge outside the counter;
//     FacingVertex (1…Dirs) one toward the cell's corner clockwise of that
//     direction (Le son du canon !'s elements face a hex vertex).
//     Several pieces in a cell make an offset stack (three counters at
//     most, the first piece of the board on top) with a count badge
//     beside the top counter's id. A piece flagged "attached" (a leader,
//     an aide, a messenger) sharing its cell with other pieces is not in
//     the stack: it is a small chip in its side's colours, with its
//     Values ("GC", "M"), down the right edge of the top counter (four at
//     most, the last counting the rest); alone, it is a counter.
//   - Markers (Board.Markers: redoubts, control flags, fire or smoke
//     chits): small labelled chips down the cell's east corner, over the
//     counters, white for a neutral marker or in the owner's colours;
//     three at most, the last counting the rest ("+2").
//   - Marks: "choice" (thick purple ring and its number), "reach" (yellow
//     wash, optional label such as a cost), "eliminated" (a cross and the
//     label), "los" (dotted ring and a dot), "blocked" (a no-entry sign),
//     "objective" (a star, and under the cell its label when the label
//     names the objective, a word of two letters or more; a side letter
//     or a symbol is not drawn), "deploy" (a cell of
//     the set-up zone of the side its label names, ringed in that side's
//     colour; the legend counts them), "command" (a command radius: the
//     outer border of the marked cells in the colour of the side its
//     label names). "los" and "blocked" marks numbered
//     from 0 are a line of sight: a line is drawn between its ends and
//     the legend gives the verdict. Other kinds: a dashed ring and the
//     label.
//   - Arrows from counter edge to counter edge: "move" solid, "advance"
//     long dashes, "retreat" short dashes (all in the arrow side's colour),
//     "combat" black, "fire" purple dashed, "order" (an order in
//     transit, Frédéric le Grand's messengers) thin, dotted, in the side's
//     colour; a label ("2:1 DR") in a box at
//     the middle, once per target and text.
//   - A legend strip under the map: game, scenario, turn n/N, phase, whose
//     move, pending decision, deadline, whose view, Legend.Lines, a key of
//     the two sides (in Board.SideColors), a box listing each side's
//     eliminated pieces (Status "eliminated" in Board.Pieces; "none"
//     when there are none; left out when a zone of Board.Zones is named
//     "eliminated", the ruleset's own), a panel per zone of Board.Zones
//     (hands, decks, reserves): owner, name and count, and the items the
//     view holds, or "hidden"; and a row per dice strip (Board.Dice): its
//     label, then each die, white with a border in the roller's colour
//     and a glyph for its symbol ("infantry", "cavalry", "artillery" as
//     the NATO boxes, "flag" a pennant, "advantage" a star, "hit" a disc,
//     "miss" a ring) or its text, the label above them when they would
//     not fit beside it; a row is two text lines high (32 px
//     dice on the map's legend, 42 px in a zoom crop's).
//
// # Sizes
//
// The cell size is the largest that keeps the image within MaxWidth (1600
// px): a 40-column hex map gets 26 px hexes (1589 px wide; a 40×24 map is
// 1589×1191, a 40×41 map 1589×1937). Text sizes are font sizes in pixels
// (the em square; a digit is about 0.69 of it): cell labels 12 px,
// counter ids and values at least 11 px. Such an image is readable on a
// desktop at 100 %, not on a phone without zooming; Zoom is for phones:
// hexes up to 64 px across a crop about 700–900 px wide (radius 3:
// 720×904 px with its legend), the crop slides to stay on the map, and
// its legend text is larger.
//
// # Speed
//
// A Renderer keeps, per map (the eight most recently used, keyed by the
// *game.Map pointer), the static layer — terrain, hexsides, links, labels
// — drawn once with gg and quantized to a 256-colour palette made for that
// map (every drawing colour exactly, then the map's most frequent
// anti-aliasing shades). Counters are drawn once per look and cell size as
// RGBA sprites. A render copies the paletted static layer, expands to RGBA
// only the 16-px tiles that pieces, marks, arrows and the legend touch,
// draws them there (sprites are composited; arrows and marks drawn with
// gg; text goes straight through font.Drawer, which is much faster than
// gg's per-glyph resampling), and quantizes those tiles back. The PNG is
// written by a small encoder that deflates four horizontal bands at the
// fastest level concurrently (one valid zlib stream, combined Adler-32);
// the band count is fixed, so the bytes do not depend on the machine.
//
// BenchmarkPhaseImage measures it on the largest shipped map (40×24 hexes)
// with 50 pieces and a combat-phase overlay, against a naive full redraw
// of the same picture (the same drawing code, nothing cached, counters
// drawn with gg) encoded as RGBA with image/png's default level, in the
// same run:
//
//	go test ./render -run '^$' -bench PhaseImage -benchtime 200x
//
// On the project's 2-core machine: p50 about 11 ms when both cores are
// free and 15 ms when another process holds one, against 230 ms naive
// (15–20×); 210 KB, 1589 px wide. Encoding is about two thirds of the
// CPU time. Drawing a map's static layer the first time costs about
// 0.16 s (BenchmarkStaticLayer); a zoom is drawn without the static
// cache, about 25 ms (BenchmarkZoom).
//
// # Tests
//
// Golden images of a small hex board, a small square board, a zoom, a
// board of every counter symbol with markers and zone panels, and a
// 105-column map are in testdata; after an intended change, regenerate and look at them:
//
//	go test ./render -run TestGolden -update
//
// A golden test fails when more than 0.2 % of the pixels differ by more
// than 32 in a channel. To look at the fixtures, including the largest
// map and a 40×41 map:
//
//	go test ./render -run TestWriteSamples -samples /tmp/boards
//
// # Caveats
//
//   - Colours that are not drawing colours (blends of translucent marks
//     and anti-aliased edges over counters) are mapped to the nearest
//     palette entry, within a few levels per channel.
//   - Objective names and Cell.Name (village names) are not drawn: they
//     would cover neighbouring cells at this scale.
//   - Cells never get smaller than 16 px (hex) or 28 px (square): a map
//     of more than 65 hex columns (56 squares) is drawn wider than
//     MaxWidth (a 105-column map is about 2650 px), and Zoom is the way
//     to read it on a phone.
//   - The palette holds every counter colour exactly, so a map keeps a
//     few dozen fewer slots for its own anti-aliasing shades.
//   - A map's cache is keyed by its pointer: a *game.Map must not be
//     changed after it has been rendered (scenario maps are read-only).
//   - Memory: about 2 MB per cached map, a scratch RGBA image per
//     concurrent render (about 8 MB for the largest map), the sprites.
package render
