package mediastore

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// The HEIF container is read here, not by the decoder, for what must be known before
// any pixel is decoded: the size of the primary image (the memory bound), how it is
// coded, its chroma and bit depth (what the decoder cannot convert). gen2brain/heic's
// DecodeConfig hands libheif only the first 32 KiB of the file, and libheif, opening a
// file, reads the data of its Exif item: a phone's photo keeps its Exif in the mdat
// after the picture, past those 32 KiB, so every such photo failed "heic: decode
// failed" before its size was even known. Only the boxes below are read, from the
// photo already in memory (at most 12 MiB), with every size checked against what holds
// it; nothing is allocated from a count the file states.

// heifInfo is what the container says of its primary image.
type heifInfo struct {
	Width, Height int    // as displayed: swapped when irot turns it a quarter
	Coding        string // item type of the coded picture: hvc1, av01, jpeg…
	Grid          bool   // the primary item is a grid of tiles (as phones write)
	Chroma        int    // chroma_format_idc of the HEVC configuration: 0 mono, 1 4:2:0, 2 4:2:2, 3 4:4:4; -1 unknown
	BitDepth      int    // luma bits of the HEVC configuration, 0 unknown
	Rotation      int    // degrees anticlockwise from irot
	Exif          bool   // an Exif item is present
}

// chromaName names a chroma_format_idc for a message.
func chromaName(c int) string {
	switch c {
	case 0:
		return "monochrome"
	case 1:
		return "4:2:0"
	case 2:
		return "4:2:2"
	case 3:
		return "4:4:4"
	}
	return "unknown chroma"
}

// errHEIF is the cause of a container that cannot be read; its text is a sentence of
// ours, so it may be shown.
var errHEIF = errors.New("the HEIC container cannot be read")

// box is one ISO-BMFF box: its type and its payload (after the header).
type box struct {
	typ  string
	body []byte
}

// boxes splits b into boxes. A size of 0 runs to the end; a size that does not fit
// is an error, as is a header cut short.
func boxes(b []byte) ([]box, error) {
	var out []box
	for len(b) > 0 {
		if len(b) < 8 {
			return nil, fmt.Errorf("%w: %d stray bytes after the last box", errHEIF, len(b))
		}
		size, hdr := uint64(binary.BigEndian.Uint32(b)), uint64(8)
		typ := string(b[4:8])
		switch size {
		case 0:
			size = uint64(len(b))
		case 1:
			if len(b) < 16 {
				return nil, fmt.Errorf("%w: the %q box is cut short", errHEIF, typ)
			}
			size, hdr = binary.BigEndian.Uint64(b[8:]), 16
		}
		if size < hdr || size > uint64(len(b)) {
			return nil, fmt.Errorf("%w: the %q box states %d bytes and %d are left", errHEIF, typ, size, len(b))
		}
		out = append(out, box{typ, b[hdr:size]})
		b = b[size:]
		if len(out) > maxHEIFBoxes {
			return nil, fmt.Errorf("%w: more than %d boxes in one place", errHEIF, maxHEIFBoxes)
		}
	}
	return out, nil
}

// maxHEIFBoxes bounds the boxes met in one container or list; a phone's photo of 48
// tiles has about a hundred items.
const maxHEIFBoxes = 1 << 14

func find(bs []box, typ string) (box, bool) {
	for _, b := range bs {
		if b.typ == typ {
			return b, true
		}
	}
	return box{}, false
}

// reader takes big-endian fields from a box body; a read past its end sets short.
type reader struct {
	b     []byte
	short bool
}

func (r *reader) take(n int) []byte {
	if r.short || n > len(r.b) {
		r.short = true
		return make([]byte, n)
	}
	v := r.b[:n]
	r.b = r.b[n:]
	return v
}

func (r *reader) u8() uint32  { return uint32(r.take(1)[0]) }
func (r *reader) u16() uint32 { return uint32(binary.BigEndian.Uint16(r.take(2))) }
func (r *reader) u32() uint32 { return binary.BigEndian.Uint32(r.take(4)) }

// id reads an item ID, 16 bits in version 0 boxes and 32 bits after.
func (r *reader) id(wide bool) uint32 {
	if wide {
		return r.u32()
	}
	return r.u16()
}

// fullBox splits a full box's version and flags from its body.
func fullBox(b []byte) (version uint8, flags uint32, rest *reader) {
	r := &reader{b: b}
	vf := r.u32()
	return uint8(vf >> 24), vf & 0xFFFFFF, r
}

// readHEIF reads the primary image's description out of a HEIF file.
func readHEIF(data []byte) (heifInfo, error) {
	info := heifInfo{Chroma: -1}
	top, err := boxes(data)
	if err != nil {
		return info, err
	}
	meta, ok := find(top, "meta")
	if !ok {
		return info, fmt.Errorf("%w: it has no meta box, which names its picture", errHEIF)
	}
	_, _, mr := fullBox(meta.body)
	children, err := boxes(mr.b)
	if err != nil || mr.short {
		return info, fmt.Errorf("%w: its meta box is damaged", errHEIF)
	}
	primary, err := primaryItem(children)
	if err != nil {
		return info, err
	}
	types, err := itemTypes(children)
	if err != nil {
		return info, err
	}
	for _, t := range types {
		info.Exif = info.Exif || t == "Exif"
	}
	info.Coding = types[primary]
	if info.Coding == "" {
		return info, fmt.Errorf("%w: its primary item %d is not described", errHEIF, primary)
	}
	props, err := itemProperties(children)
	if err != nil {
		return info, err
	}
	for _, p := range props[primary] {
		switch p.typ {
		case "ispe":
			_, _, r := fullBox(p.body)
			w, h := r.u32(), r.u32()
			if !r.short {
				info.Width, info.Height = int(min(w, 1<<30)), int(min(h, 1<<30))
			}
		case "irot":
			if len(p.body) > 0 {
				info.Rotation = int(p.body[0]&3) * 90
			}
		}
	}
	if info.Width == 0 || info.Height == 0 {
		return info, fmt.Errorf("%w: its primary picture states no size (no ispe property)", errHEIF)
	}
	if info.Rotation%180 != 0 {
		info.Width, info.Height = info.Height, info.Width
	}
	coded := primary
	if info.Coding == "grid" {
		// The tiles carry the coding and its configuration; the first stands for all.
		info.Grid = true
		tile, ok := firstReference(children, "dimg", primary)
		if !ok || types[tile] == "" {
			return info, fmt.Errorf("%w: its grid names no tiles", errHEIF)
		}
		coded, info.Coding = tile, types[tile]
	}
	for _, p := range props[coded] {
		if p.typ == "hvcC" && len(p.body) >= 19 {
			info.Chroma = int(p.body[16] & 3)
			info.BitDepth = int(p.body[17]&7) + 8
		}
	}
	return info, nil
}

// primaryItem reads pitm.
func primaryItem(meta []box) (uint32, error) {
	b, ok := find(meta, "pitm")
	if !ok {
		return 0, fmt.Errorf("%w: it names no primary picture (no pitm box)", errHEIF)
	}
	v, _, r := fullBox(b.body)
	id := r.id(v > 0)
	if r.short {
		return 0, fmt.Errorf("%w: its pitm box is cut short", errHEIF)
	}
	return id, nil
}

// itemTypes reads iinf: the type of every item (version 2 and 3 infe entries; older
// ones describe files, not pictures, and are left out).
func itemTypes(meta []box) (map[uint32]string, error) {
	b, ok := find(meta, "iinf")
	if !ok {
		return nil, fmt.Errorf("%w: it lists no items (no iinf box)", errHEIF)
	}
	v, _, r := fullBox(b.body)
	r.id(v > 0) // entry_count: the boxes that follow are counted instead
	entries, err := boxes(r.b)
	if err != nil || r.short {
		return nil, fmt.Errorf("%w: its item list is damaged", errHEIF)
	}
	types := map[uint32]string{}
	for _, e := range entries {
		if e.typ != "infe" {
			continue
		}
		v, _, r := fullBox(e.body)
		if v < 2 {
			continue
		}
		id := r.id(v > 2)
		r.u16() // item_protection_index
		typ := string(r.take(4))
		if !r.short {
			types[id] = typ
		}
	}
	return types, nil
}

// itemProperties reads iprp: the properties associated with each item, in order.
func itemProperties(meta []box) (map[uint32][]box, error) {
	iprp, ok := find(meta, "iprp")
	if !ok {
		return nil, fmt.Errorf("%w: it has no item properties (no iprp box)", errHEIF)
	}
	inner, err := boxes(iprp.body)
	if err != nil {
		return nil, fmt.Errorf("%w: its item properties are damaged", errHEIF)
	}
	ipco, ok := find(inner, "ipco")
	if !ok {
		return nil, fmt.Errorf("%w: it has no property container (no ipco box)", errHEIF)
	}
	all, err := boxes(ipco.body)
	if err != nil {
		return nil, fmt.Errorf("%w: its property container is damaged", errHEIF)
	}
	out := map[uint32][]box{}
	for _, ipma := range inner {
		if ipma.typ != "ipma" {
			continue
		}
		v, flags, r := fullBox(ipma.body)
		for n := r.u32(); n > 0 && !r.short; n-- {
			id := r.id(v > 0)
			for k := r.u8(); k > 0 && !r.short; k-- {
				var index uint32
				if flags&1 != 0 {
					index = r.u16() & 0x7FFF
				} else {
					index = r.u8() & 0x7F
				}
				// Index 0 means "no property"; the others count from 1.
				if index > 0 && int(index) <= len(all) && !r.short {
					out[id] = append(out[id], all[index-1])
				}
			}
		}
		if r.short {
			return nil, fmt.Errorf("%w: its property associations are cut short", errHEIF)
		}
	}
	return out, nil
}

// firstReference returns the first item that from refers to with a reference of typ
// (iref), such as the first tile of a grid.
func firstReference(meta []box, typ string, from uint32) (uint32, bool) {
	iref, ok := find(meta, "iref")
	if !ok {
		return 0, false
	}
	v, _, r := fullBox(iref.body)
	refs, err := boxes(r.b)
	if err != nil || r.short {
		return 0, false
	}
	for _, ref := range refs {
		if ref.typ != typ {
			continue
		}
		rr := &reader{b: ref.body}
		if rr.id(v > 0) != from {
			continue
		}
		if n := rr.u16(); n > 0 {
			to := rr.id(v > 0)
			return to, !rr.short
		}
	}
	return 0, false
}
