// Package mediatest writes pictures for tests that are small as files and as large as
// wanted as pictures, which is what a hostile upload looks like: a JPEG whose blocks
// are all zero (a flat grey) costs a bit or two a block, whatever its size, and a PNG
// header says any size without the pixels that would follow. It is for tests only.
package mediatest

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
)

// Kind is the colour layout of a JPEG that JPEG writes.
type Kind int

const (
	Gray     Kind = iota // one component
	YCbCr420             // luma sampled 2×2, chroma 1×1: what phones write
	YCbCr422             // luma sampled 2×1: what many cameras write
	YCbCr444             // three components sampled 1×1
	CMYK                 // four components sampled 1×1, with Adobe's APP14 saying CMYK
)

// JPEG returns a w×h JPEG of kind k, baseline or progressive, every coefficient of
// which is zero. image/jpeg decodes it (to mid-grey, or for CMYK to its own colour).
// A progressive one has only its DC scan, which is all a decoder needs to have
// allocated everything: the planes and every block's coefficients. A 7000×7000 CMYK
// one is 0.4 MB.
func JPEG(w, h int, k Kind, progressive bool) []byte {
	type comp struct{ h, v int }
	comps := map[Kind][]comp{
		Gray:     {{1, 1}},
		YCbCr420: {{2, 2}, {1, 1}, {1, 1}},
		YCbCr422: {{2, 1}, {1, 1}, {1, 1}},
		YCbCr444: {{1, 1}, {1, 1}, {1, 1}},
		CMYK:     {{1, 1}, {1, 1}, {1, 1}, {1, 1}},
	}[k]
	var b bytes.Buffer
	b.Write([]byte{0xFF, 0xD8})
	if k == CMYK {
		// "Adobe", version 100, flags 0 and 0, transform 0: CMYK as it is.
		segment(&b, 0xEE, []byte("Adobe\x00\x64\x00\x00\x00\x00\x00"))
	}
	segment(&b, 0xDB, append([]byte{0}, bytes.Repeat([]byte{1}, 64)...))
	sof := []byte{8, byte(h >> 8), byte(h), byte(w >> 8), byte(w), byte(len(comps))}
	for i, c := range comps {
		sof = append(sof, byte(i+1), byte(c.h<<4|c.v), 0)
	}
	marker := byte(0xC0)
	if progressive {
		marker = 0xC2
	}
	segment(&b, marker, sof)
	// One Huffman code, "0", in each table: DC difference 0, and AC end of block.
	one := append([]byte{1}, make([]byte, 15)...)
	segment(&b, 0xC4, append(append([]byte{0x00}, one...), 0))
	segment(&b, 0xC4, append(append([]byte{0x10}, one...), 0))
	sos := []byte{byte(len(comps))}
	for i := range comps {
		sos = append(sos, byte(i+1), 0x00)
	}
	if progressive {
		sos = append(sos, 0, 0, 0) // the DC scan: Ss 0, Se 0, Ah 0 and Al 0
	} else {
		sos = append(sos, 0, 63, 0)
	}
	segment(&b, 0xDA, sos)
	// The blocks in the scan: whole MCUs for an interleaved scan, and for a single
	// component its own blocks.
	hmax, vmax := comps[0].h, comps[0].v
	blocks := ((w + 8*hmax - 1) / (8 * hmax)) * ((h + 8*vmax - 1) / (8 * vmax))
	perMCU := 0
	for _, c := range comps {
		perMCU += c.h * c.v
	}
	bits := blocks * perMCU
	if !progressive {
		bits *= 2 // a DC code and an end of block
	}
	b.Write(make([]byte, bits/8))
	if r := bits % 8; r != 0 {
		b.WriteByte(0xFF >> r) // the last codes, padded with ones
	}
	b.Write([]byte{0xFF, 0xD9})
	return b.Bytes()
}

func segment(b *bytes.Buffer, marker byte, data []byte) {
	b.Write([]byte{0xFF, marker, byte((len(data) + 2) >> 8), byte(len(data) + 2)})
	b.Write(data)
}

// PNGHeader returns the signature and header of a w×h PNG of the given bit depth and
// colour type (0 grey, 2 truecolour, 3 palette, 4 grey and alpha, 6 truecolour and
// alpha), interlaced or not, followed by a palette when it needs one and an empty
// IDAT: enough for image/png's DecodeConfig, not for its Decode.
func PNGHeader(w, h int, depth, colorType byte, interlaced bool) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	il := byte(0)
	if interlaced {
		il = 1
	}
	ihdr = append(ihdr, depth, colorType, 0, 0, il)
	chunk(&b, "IHDR", ihdr)
	if colorType == 3 {
		chunk(&b, "PLTE", make([]byte, 3))
	}
	chunk(&b, "IDAT", nil)
	return b.Bytes()
}

func chunk(b *bytes.Buffer, typ string, data []byte) {
	b.Write(binary.BigEndian.AppendUint32(nil, uint32(len(data))))
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	b.WriteString(typ)
	b.Write(data)
	b.Write(binary.BigEndian.AppendUint32(nil, crc.Sum32()))
}

// WebPHeader returns the start of a w×h WebP, up to its picture's header: lossy (a
// VP8 chunk) or lossless (VP8L); a lossy one with alpha is in the extended format,
// VP8X with an ALPH chunk before the VP8. Enough for DecodeConfig, not for Decode.
func WebPHeader(w, h int, lossless, alpha bool) []byte {
	var body bytes.Buffer
	body.WriteString("WEBP")
	if lossless {
		bits := uint64(w-1) | uint64(h-1)<<14
		if alpha {
			bits |= 1 << 28
		}
		riffChunk(&body, "VP8L", append([]byte{0x2F}, binary.LittleEndian.AppendUint32(nil, uint32(bits))...))
	} else {
		if alpha {
			x := []byte{0x10, 0, 0, 0, byte(w - 1), byte((w - 1) >> 8), byte((w - 1) >> 16),
				byte(h - 1), byte((h - 1) >> 8), byte((h - 1) >> 16)}
			riffChunk(&body, "VP8X", x)
			riffChunk(&body, "ALPH", []byte{0})
		}
		// A key frame's tag (shown, a first partition of 16 bytes), its start code,
		// then the width and height with no upscaling, and the partition's bytes.
		vp8 := []byte{0x10, 0x02, 0x00, 0x9D, 0x01, 0x2A, byte(w), byte(w >> 8), byte(h), byte(h >> 8)}
		riffChunk(&body, "VP8 ", append(vp8, make([]byte, 16)...))
	}
	var b bytes.Buffer
	b.WriteString("RIFF")
	b.Write(binary.LittleEndian.AppendUint32(nil, uint32(body.Len())))
	b.Write(body.Bytes())
	return b.Bytes()
}

func riffChunk(b *bytes.Buffer, fourcc string, data []byte) {
	b.WriteString(fourcc)
	b.Write(binary.LittleEndian.AppendUint32(nil, uint32(len(data))))
	b.Write(data)
	if len(data)%2 == 1 {
		b.WriteByte(0)
	}
}
