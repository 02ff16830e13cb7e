package storage

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"strings"
)

// The page check: every Open reads the bbolt file itself, page by page,
// with every offset bounds-checked (bbolt trusts its pages, so a damaged
// one can crash it), and refuses the file unless its pages hold together. It checks
// what bbolt's Tx.Check checks — every page below the high-water mark is
// reachable once or free, page headers name their own id and a valid type,
// element tables point inside their page, keys are sorted within a page
// and within the ranges of their parents, the freelist frees each page at
// most once and no reachable page — and also that the keys and values of
// a page are packed the way bbolt writes them, which catches a damaged
// element size that Tx.Check would let through. It cannot see a changed
// byte inside a value: that is for Store.Check (grognard check), which
// decodes every record.
//
// The on-disk format read here is bbolt's (go.etcd.io/bbolt v1.x, file
// format version 2, in the host's byte order as bbolt writes it):
// internal/common/page.go and meta.go.

const (
	boltMagic          = 0xED0CDAED
	boltVersion        = 2
	boltPageHeaderSize = 16
	boltElementSize    = 16 // branch and leaf elements are both 16 bytes
	boltBucketHeader   = 16 // root pgid, sequence
	boltBranchPage     = 0x01
	boltLeafPage       = 0x02
	boltMetaPage       = 0x04
	boltFreelistPage   = 0x10
	boltBucketLeaf     = 0x01
	boltNoFreelist     = ^uint64(0)
	boltMetaChecksumAt = 56 // offset of the checksum in the meta struct
	maxPageProblems    = 10
	maxTreeDepth       = 64
)

// DamageError is the ErrDamaged of a file that failed the page check.
type DamageError struct {
	Path     string
	Problems []string // the first few problems found
}

func (e *DamageError) Error() string {
	return fmt.Sprintf("storage: %s is damaged: %s", e.Path, strings.Join(e.Problems, "; "))
}

func (e *DamageError) Unwrap() error { return ErrDamaged }

// PageCheck is what CheckFile found in a file it did not refuse.
type PageCheck struct {
	PageSize int
	Pages    uint64 // the high-water mark: pages in use or free
	Free     int
	TxID     uint64
	// Warnings are problems bbolt recovers from by itself: the newest
	// meta page is damaged (a write torn by a crash), so the file opens
	// as it was one transaction earlier.
	Warnings []string
}

// CheckFile checks the pages of the bbolt file at path without opening it
// with bbolt and without writing to it. It returns ErrNotStore for a file
// that is not a bbolt database at all (empty, too short, no valid meta
// page) and a *DamageError (ErrDamaged) for a bbolt file whose pages do
// not hold together. It does not take bbolt's file lock: a caller that
// may race a writer holds the lock (Open checks under a read-only bbolt
// handle).
func CheckFile(path string) (*PageCheck, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	if fi.Size() == 0 {
		return nil, fmt.Errorf("%w: %s is empty (0 bytes)", ErrNotStore, path)
	}
	m, warn, err := readMeta2(f, fi.Size())
	if err != nil {
		return nil, fmt.Errorf("%w: %s is not a bbolt database or its header is damaged (%v)", ErrNotStore, path, err)
	}
	pc := &pageChecker{r: f, path: path, pageSize: int(m.pageSize), hwm: m.pgid}
	if need := int64(m.pgid) * int64(m.pageSize); need > fi.Size() || need < 0 || m.pgid < 2 {
		return nil, &DamageError{Path: path, Problems: []string{
			fmt.Sprintf("file is truncated (%d bytes, its header says %d pages of %d bytes)", fi.Size(), m.pgid, m.pageSize)}}
	}
	pc.state = make([]byte, m.pgid)
	pc.state[0], pc.state[1] = pageUsed, pageUsed
	if data, unmap, err := mapFile(f, int(m.pgid)*int(m.pageSize)); err == nil {
		pc.data = data
		defer unmap()
	}
	err = guard(path, func() error {
		pc.freelist(m.freelist)
		if m.root < 2 {
			pc.problem("root bucket at page %d", m.root)
		} else {
			pc.tree(m.root, 0, nil, nil, &where{})
		}
		return nil
	})
	if err != nil { // an I/O error under the mapping
		return nil, err
	}
	if m.freelist != boltNoFreelist && len(pc.problems) == 0 {
		for id := uint64(2); id < m.pgid; id++ {
			if pc.state[id] == pageUnseen {
				pc.problem("page %d: neither used nor free", id)
				if len(pc.problems) >= maxPageProblems {
					break
				}
			}
		}
	}
	if len(pc.problems) > 0 {
		return nil, &DamageError{Path: path, Problems: pc.problems}
	}
	res := &PageCheck{PageSize: int(m.pageSize), Pages: m.pgid, Free: pc.free, TxID: m.txid}
	if warn != "" {
		res.Warnings = append(res.Warnings, warn)
	}
	return res, nil
}

type boltMeta struct {
	pageSize uint32
	root     uint64
	freelist uint64
	pgid     uint64
	txid     uint64
}

// parseMeta reads the meta page at the start of b (its page header
// included), as bbolt's Meta.Validate does.
func parseMeta(b []byte) (boltMeta, error) {
	if len(b) < boltPageHeaderSize+boltMetaChecksumAt+8 {
		return boltMeta{}, errors.New("file too short")
	}
	d := b[boltPageHeaderSize:]
	le := binary.NativeEndian
	if le.Uint32(d[0:]) != boltMagic {
		return boltMeta{}, errors.New("no bbolt magic")
	}
	if v := le.Uint32(d[4:]); v != boltVersion {
		return boltMeta{}, fmt.Errorf("bbolt file format version %d, want %d", v, boltVersion)
	}
	h := fnv.New64a()
	h.Write(d[:boltMetaChecksumAt])
	if h.Sum64() != le.Uint64(d[boltMetaChecksumAt:]) {
		return boltMeta{}, errors.New("meta page checksum mismatch")
	}
	m := boltMeta{
		pageSize: le.Uint32(d[8:]),
		root:     le.Uint64(d[16:]),
		freelist: le.Uint64(d[32:]),
		pgid:     le.Uint64(d[40:]),
		txid:     le.Uint64(d[48:]),
	}
	if m.pageSize < 512 || m.pageSize > 1<<20 || m.pageSize&(m.pageSize-1) != 0 {
		return boltMeta{}, fmt.Errorf("page size %d", m.pageSize)
	}
	return m, nil
}

// readMeta2 picks the meta page bbolt would use: the valid one with the
// higher transaction id. warn is set when the newer one is damaged.
func readMeta2(r io.ReaderAt, size int64) (boltMeta, string, error) {
	buf := make([]byte, boltPageHeaderSize+boltMetaChecksumAt+8)
	read := func(off int64) (boltMeta, error) {
		if off+int64(len(buf)) > size {
			return boltMeta{}, errors.New("file too short")
		}
		if _, err := r.ReadAt(buf, off); err != nil {
			return boltMeta{}, err
		}
		return parseMeta(buf)
	}
	m0, err0 := read(0)
	var m1 boltMeta
	err1 := errors.New("no valid meta page")
	if err0 == nil {
		m1, err1 = read(int64(m0.pageSize))
	} else {
		// The first meta page gives the page size; without it, look for
		// the second at the usual sizes, as bbolt does.
		for _, ps := range []int64{int64(os.Getpagesize()), 4096, 8192, 16384, 32768, 65536} {
			if m, err := read(ps); err == nil && int64(m.pageSize) == ps {
				m1, err1 = m, nil
				break
			}
		}
	}
	switch {
	case err0 != nil && err1 != nil:
		return boltMeta{}, "", err0
	case err0 == nil && err1 == nil:
		if m1.txid > m0.txid {
			return m1, "", nil
		}
		return m0, "", nil
	case err0 == nil:
		// Whether the damaged copy was the newer one cannot be known
		// (its txid is unreadable): warn either way.
		return m0, fmt.Sprintf("meta page 1 is damaged (%v); bbolt uses meta page 0 (transaction %d)", err1, m0.txid), nil
	default:
		return m1, fmt.Sprintf("meta page 0 is damaged (%v); bbolt uses meta page 1 (transaction %d)", err0, m1.txid), nil
	}
}

const (
	pageUnseen byte = iota
	pageUsed
	pageFree
)

type pageChecker struct {
	r        io.ReaderAt
	path     string
	pageSize int
	hwm      uint64
	state    []byte
	free     int
	problems []string
	data     []byte   // the file mapped in memory, or nil: read with r
	bufs     [][]byte // without data, one read buffer per tree depth
}

func (c *pageChecker) problem(format string, a ...any) {
	if len(c.problems) < maxPageProblems {
		c.problems = append(c.problems, fmt.Sprintf(format, a...))
	}
}

func (c *pageChecker) done() bool { return len(c.problems) >= maxPageProblems }

// read reads page id with its overflow pages into the buffer of depth d
// and checks its header. ok is false when the page is unusable.
func (c *pageChecker) read(id uint64, d int, what *where) (p []byte, ok bool) {
	if id < 2 || id >= c.hwm {
		c.problem("%s: page %d is out of bounds (2…%d)", what, id, c.hwm-1)
		return nil, false
	}
	var first []byte
	if c.data != nil {
		first = c.data[id*uint64(c.pageSize):][:c.pageSize]
	} else {
		for len(c.bufs) <= d {
			c.bufs = append(c.bufs, make([]byte, c.pageSize))
		}
		first = c.bufs[d][:c.pageSize]
		if _, err := c.r.ReadAt(first, int64(id)*int64(c.pageSize)); err != nil {
			c.problem("page %d: %v", id, err)
			return nil, false
		}
	}
	le := binary.NativeEndian
	if got := le.Uint64(first); got != id {
		c.problem("page %d: its header says page %d (%s)", id, got, what)
		return nil, false
	}
	overflow := uint64(le.Uint32(first[12:]))
	if id+overflow >= c.hwm {
		c.problem("page %d: %d overflow pages run past the end (%d pages)", id, overflow, c.hwm)
		return nil, false
	}
	for i := id; i <= id+overflow; i++ {
		switch c.state[i] {
		case pageUsed:
			c.problem("page %d: referenced twice (%s)", i, what)
			return nil, false
		case pageFree:
			c.problem("page %d: in use (%s) and on the freelist", i, what)
			return nil, false
		}
		c.state[i] = pageUsed
	}
	if overflow == 0 {
		return first, true
	}
	n := int(overflow+1) * c.pageSize
	if c.data != nil {
		return c.data[id*uint64(c.pageSize):][:n], true
	}
	if cap(c.bufs[d]) < n {
		c.bufs[d] = make([]byte, n)
		copy(c.bufs[d], first)
	}
	p = c.bufs[d][:n]
	if _, err := c.r.ReadAt(p[c.pageSize:], int64(id+1)*int64(c.pageSize)); err != nil {
		c.problem("page %d: %v", id, err)
		return nil, false
	}
	return p, true
}

// freelist reads the freelist page and marks the pages it frees.
func (c *pageChecker) freelist(id uint64) {
	if id == boltNoFreelist {
		return
	}
	p, ok := c.read(id, 0, &where{key: []byte("freelist")})
	if !ok {
		return
	}
	le := binary.NativeEndian
	if flags := le.Uint16(p[8:]); flags != boltFreelistPage {
		c.problem("page %d: the freelist page has type %#x", id, flags)
		return
	}
	start, count := boltPageHeaderSize, uint64(le.Uint16(p[10:]))
	if count == 0xFFFF {
		count = le.Uint64(p[boltPageHeaderSize:])
		start += 8
	}
	if count > uint64(len(p)-start)/8 {
		c.problem("page %d: the freelist counts %d pages, more than the page holds", id, count)
		return
	}
	for i := range count {
		f := le.Uint64(p[start+8*int(i):])
		switch {
		case f < 2 || f >= c.hwm:
			c.problem("freelist: page %d is out of bounds", f)
		case c.state[f] == pageFree:
			c.problem("freelist: page %d freed twice", f)
		case c.state[f] == pageUsed:
			c.problem("freelist: page %d is the freelist itself", f)
		default:
			c.state[f] = pageFree
			c.free++
		}
		if c.done() {
			return
		}
	}
}

// tree checks the b+tree page id and what it holds; every key must lie in
// [lo, hi) (nil: unbounded).
func (c *pageChecker) tree(id uint64, d int, lo, hi []byte, what *where) {
	if c.done() {
		return
	}
	if d > maxTreeDepth {
		c.problem("page %d: tree deeper than %d", id, maxTreeDepth)
		return
	}
	p, ok := c.read(id, d, what)
	if !ok {
		return
	}
	c.node(id, p, d, lo, hi, what)
}

// node checks one branch or leaf page (or an inline bucket's page, id 0)
// held in p.
func (c *pageChecker) node(id uint64, p []byte, d int, lo, hi []byte, what *where) {
	le := binary.NativeEndian
	flags, count := le.Uint16(p[8:]), int(le.Uint16(p[10:]))
	if flags != boltBranchPage && flags != boltLeafPage {
		c.problem("page %d (%s): type %#x is neither branch nor leaf", id, what, flags)
		return
	}
	branch := flags == boltBranchPage
	off := boltPageHeaderSize + count*boltElementSize // where the next key must start
	if off > len(p) {
		c.problem("page %d (%s): %d elements do not fit in the page", id, what, count)
		return
	}
	if branch && count == 0 {
		c.problem("page %d (%s): empty branch page", id, what)
		return
	}
	type elem struct {
		key, val []byte
		flags    uint32
		child    uint64
	}
	elems := make([]elem, count)
	prev := lo
	for i := range count {
		e := p[boltPageHeaderSize+i*boltElementSize:]
		at := boltPageHeaderSize + i*boltElementSize
		var pos, ksize, vsize int
		var el elem
		if branch {
			pos, ksize = int(le.Uint32(e[0:])), int(le.Uint32(e[4:]))
			el.child = le.Uint64(e[8:])
		} else {
			el.flags = le.Uint32(e[0:])
			pos, ksize, vsize = int(le.Uint32(e[4:])), int(le.Uint32(e[8:])), int(le.Uint32(e[12:]))
		}
		if at+pos != off || ksize == 0 || off+ksize+vsize > len(p) || off+ksize+vsize < off {
			c.problem("page %d (%s): element %d points at bytes %d+%d+%d, want a key at %d inside %d bytes", id, what, i, at+pos, ksize, vsize, off, len(p))
			return
		}
		el.key, el.val = p[off:off+ksize], p[off+ksize:off+ksize+vsize]
		off += ksize + vsize
		if prev != nil && (bytes.Compare(el.key, prev) < 0 || i > 0 && bytes.Equal(el.key, prev)) {
			c.problem("page %d (%s): key %d %q is out of order", id, what, i, clip(el.key))
			return
		}
		if hi != nil && bytes.Compare(el.key, hi) >= 0 {
			c.problem("page %d (%s): key %d %q is beyond its parent's range", id, what, i, clip(el.key))
			return
		}
		if el.flags&^boltBucketLeaf != 0 {
			c.problem("page %d (%s): element %d has flags %#x", id, what, i, el.flags)
			return
		}
		prev = el.key
		elems[i] = el
	}
	for i, el := range elems {
		if c.done() {
			return
		}
		if branch {
			next := hi
			if i+1 < count {
				next = elems[i+1].key
			}
			c.tree(el.child, d+1, el.key, next, what)
			continue
		}
		if el.flags&boltBucketLeaf == 0 {
			continue
		}
		name := &where{parent: what, key: el.key}
		if len(el.val) < boltBucketHeader {
			c.problem("page %d: bucket %q has a %d-byte header", id, name, len(el.val))
			return
		}
		root := le.Uint64(el.val)
		if root != 0 {
			c.tree(root, d+1, nil, nil, name)
			continue
		}
		inline := el.val[boltBucketHeader:]
		if len(inline) < boltPageHeaderSize {
			c.problem("page %d: inline bucket %q is %d bytes", id, name, len(inline))
			return
		}
		// The inline page lives inside p: check it in place (its own
		// buffer is p, so no deeper read may reuse depth d's buffer).
		c.inline(id, inline, d, name)
	}
}

// inline checks an inline bucket's page, which must be a leaf.
func (c *pageChecker) inline(parent uint64, p []byte, d int, name *where) {
	if flags := binary.NativeEndian.Uint16(p[8:]); flags != boltLeafPage {
		c.problem("page %d: inline bucket %q has page type %#x", parent, name, flags)
		return
	}
	c.node(0, p, d, nil, nil, name)
}

// where names the bucket a page belongs to ("root/games/g1/log"), built
// only when a problem is reported.
type where struct {
	parent *where
	key    []byte
}

func (w *where) String() string {
	if w.parent == nil {
		if w.key != nil {
			return string(w.key)
		}
		return "root"
	}
	return w.parent.String() + "/" + string(clip(w.key))
}

func clip(k []byte) []byte {
	if len(k) > 40 {
		return k[:40]
	}
	return k
}
