package scenarios

// TOML input is checked before it is parsed: its size, and how deep its
// arrays, inline tables and dotted keys nest. The TOML library takes time
// that grows much faster than the input with nesting (a few kilobytes of
// nested inline tables take minutes), so scenario, map, table and
// configuration files (cmd/grognard) are checked first.

import (
	"fmt"
	"io"
	"os"
)

// TOML limits for grognard's data files: far above anything they need
// (the largest shipped file is 16 KB and nests 3 deep).
const (
	MaxTOMLBytes = 1 << 20
	MaxTOMLDepth = 20
)

// TOMLLimitError is a refused input: what limit it passed and on which line.
type TOMLLimitError struct {
	Line int    // 1-based; 0 for the size
	Msg  string // "file of 2000000 bytes (the limit is 1048576)"
}

func (e *TOMLLimitError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// CheckTOML refuses src when it is longer than maxBytes, or when arrays and
// inline tables nest deeper than maxDepth, or a key or table header has
// more than maxDepth dotted parts. It reads strings and comments as TOML
// does, so that brackets and dots inside them do not count; it does not
// otherwise validate the syntax (the parser does, afterwards).
func CheckTOML(src []byte, maxBytes, maxDepth int) error {
	if len(src) > maxBytes {
		return &TOMLLimitError{Msg: fmt.Sprintf("file of %d bytes (the limit is %d)", len(src), maxBytes)}
	}
	line, depth, dots := 1, 0, 0
	for i := 0; i < len(src); i++ {
		switch b := src[i]; b {
		case '\n':
			line++
			dots = 0
		case '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			i--
		case '"', '\'':
			triple := i+2 < len(src) && src[i+1] == b && src[i+2] == b
			if triple {
				i += 3
				for i < len(src) && !(src[i] == b && i+2 < len(src) && src[i+1] == b && src[i+2] == b) {
					if src[i] == '\n' {
						line++
					}
					if b == '"' && src[i] == '\\' {
						i++
					}
					i++
				}
				i += 2
				continue
			}
			i++
			for i < len(src) && src[i] != b && src[i] != '\n' {
				if b == '"' && src[i] == '\\' {
					i++
				}
				i++
			}
		case '[', '{':
			depth++
			if depth > maxDepth {
				return &TOMLLimitError{Line: line, Msg: fmt.Sprintf("arrays or tables nested more than %d deep", maxDepth)}
			}
		case ']', '}':
			if depth > 0 {
				depth--
			}
		case '.':
			dots++
			if dots >= maxDepth {
				return &TOMLLimitError{Line: line, Msg: fmt.Sprintf("a key with more than %d dotted parts", maxDepth)}
			}
		case '=', ',':
			dots = 0
		}
	}
	return nil
}

// ReadTOMLFile reads a file of at most maxBytes; a larger one is refused
// before it is read.
func ReadTOMLFile(path string, maxBytes int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, int64(maxBytes)+1))
	if err != nil {
		return nil, err
	}
	if len(src) > maxBytes {
		return nil, &TOMLLimitError{Msg: fmt.Sprintf("file of more than %d bytes (the limit)", maxBytes)}
	}
	return src, nil
}
