package mediastore

import (
	"encoding/binary"
	"testing"
)

func bx(typ string, parts ...[]byte) []byte {
	n := 8
	for _, p := range parts {
		n += len(p)
	}
	b := binary.BigEndian.AppendUint32(nil, uint32(n))
	b = append(b, typ...)
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

func be32(v uint32) []byte { return binary.BigEndian.AppendUint32(nil, v) }
func be16(v uint16) []byte { return binary.BigEndian.AppendUint16(nil, v) }

// infe2 is a version 2 item info entry.
func infe2(id uint16, typ string) []byte {
	return bx("infe", be32(2<<24), be16(id), be16(0), []byte(typ), []byte{0})
}

// hvcC is a configuration record with only the fields read here set.
func hvcC(chroma, depth byte) []byte {
	rec := make([]byte, 23)
	rec[16], rec[17] = 0xFC|chroma, 0xF8|(depth-8)
	return bx("hvcC", rec)
}

// gridHEIF is a phone-like layout: a grid (item 1, 4000×3000, turned a quarter by
// irot) of hvc1 tiles (items 2 and 3) with an Exif item (4).
func gridHEIF() []byte {
	ipco := bx("ipco",
		bx("ispe", be32(0), be32(4000), be32(3000)), // 1
		bx("irot", []byte{1}),                       // 2: 90° anticlockwise
		hvcC(1, 10),                                 // 3
		bx("ispe", be32(0), be32(512), be32(512)),   // 4
	)
	ipma := bx("ipma", be32(0), be32(3),
		be16(1), []byte{2, 1, 0x82},
		be16(2), []byte{2, 0x83, 4},
		be16(3), []byte{2, 0x83, 4})
	meta := bx("meta", be32(0),
		bx("hdlr", be32(0), be32(0), []byte("pict"), make([]byte, 13)),
		bx("pitm", be32(0), be16(1)),
		bx("iinf", be32(0), be16(4), infe2(1, "grid"), infe2(2, "hvc1"), infe2(3, "hvc1"), infe2(4, "Exif")),
		bx("iref", be32(0), bx("dimg", be16(1), be16(2), be16(2), be16(3)), bx("cdsc", be16(4), be16(1), be16(1))),
		bx("iprp", ipco, ipma),
	)
	return append(append(bx("ftyp", []byte("heic"), be32(0), []byte("mif1heic")), meta...), bx("mdat", make([]byte, 16))...)
}

func TestReadHEIF(t *testing.T) {
	in, err := readHEIF(gridHEIF())
	want := heifInfo{Width: 3000, Height: 4000, Coding: "hvc1", Grid: true, Chroma: 1, BitDepth: 10, Rotation: 90, Exif: true}
	if err != nil || in != want {
		t.Fatalf("%+v %v, want %+v", in, err, want)
	}
	if s := describeHEIC(in); s != "this 3000×4000 HEIC (10-bit 4:2:0)" {
		t.Errorf("described as %q", s)
	}
}

// TestReadHEIFCut: a container cut anywhere, or with any byte changed, is read or
// refused, never a panic; a refusal is our sentence.
func TestReadHEIFCut(t *testing.T) {
	full := gridHEIF()
	for n := range full {
		if _, err := readHEIF(full[:n]); err == nil && n < len(full)-24 {
			t.Errorf("cut at %d of %d: no error", n, len(full))
		}
	}
	for i := range full {
		b := append([]byte(nil), full...)
		b[i] ^= 0xFF
		_, _ = readHEIF(b)
	}
}
