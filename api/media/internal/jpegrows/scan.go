// Copyright 2012 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package jpegrows

import "image"

// plane is one component's part of a band: 8·v rows of 8·h·mxx samples.
type plane struct {
	pix    []byte
	stride int
}

// Specified in section B.2.3. Only a scan holding every component is decoded: in a
// sequential JPEG it is then the only one, and its MCUs come a band at a time.
func (d *decoder) processSOS(n int) error {
	if d.nComp == 0 {
		return FormatError("missing SOF marker")
	}
	if n < 6 || 4+2*d.nComp < n || n%2 != 0 {
		return FormatError("SOS has wrong length")
	}
	if err := d.readFull(d.tmp[:n]); err != nil {
		return err
	}
	nComp := int(d.tmp[0])
	if n != 4+2*nComp {
		return FormatError("SOS length inconsistent with number of components")
	}
	if nComp != d.nComp {
		return UnsupportedError("a scan per component")
	}
	var scan [maxComponents]struct {
		compIndex uint8
		td        uint8 // DC table selector.
		ta        uint8 // AC table selector.
	}
	totalHV := 0
	for i := 0; i < nComp; i++ {
		cs := d.tmp[1+2*i] // Component selector.
		compIndex := -1
		for j, comp := range d.comp[:d.nComp] {
			if cs == comp.c {
				compIndex = j
			}
		}
		if compIndex < 0 {
			return FormatError("unknown component selector")
		}
		scan[i].compIndex = uint8(compIndex)
		// Component identifiers are unique (processSOF), so unique indexes into
		// d.comp mean unique selectors, as section B.2.3 requires.
		for j := 0; j < i; j++ {
			if scan[i].compIndex == scan[j].compIndex {
				return FormatError("repeated component selector")
			}
		}
		totalHV += d.comp[compIndex].h * d.comp[compIndex].v

		// The baseline t <= 1 restriction is specified in table B.3.
		scan[i].td = d.tmp[2+2*i] >> 4
		if t := scan[i].td; t > maxTh || (d.baseline && t > 1) {
			return FormatError("bad Td value")
		}
		scan[i].ta = d.tmp[2+2*i] & 0x0f
		if t := scan[i].ta; t > maxTh || (d.baseline && t > 1) {
			return FormatError("bad Ta value")
		}
	}
	// Section B.2.3 states that if there is more than one component then the
	// total H*V values in a scan must be <= 10.
	if d.nComp > 1 && totalHV > 10 {
		return FormatError("total sampling factors too large")
	}
	if d.nComp == 3 && d.isRGB() {
		return UnsupportedError("RGB colour")
	}

	// mxx and myy are the number of MCUs (Minimum Coded Units) in the image.
	h0, v0 := d.comp[0].h, d.comp[0].v // The h and v values from the Y components.
	mxx := (d.width + 8*h0 - 1) / (8 * h0)
	myy := (d.height + 8*v0 - 1) / (8 * v0)
	frame := Frame{Width: d.width, Height: d.height, Gray: d.nComp == 1}
	if !frame.Gray {
		frame.Ratio = ratio(h0/d.comp[1].h, v0/d.comp[1].v)
	}
	if err := d.start(frame); err != nil {
		return err
	}
	var planes [maxComponents]plane
	for i := range d.nComp {
		stride := 8 * d.comp[i].h * mxx
		planes[i] = plane{make([]byte, stride*8*d.comp[i].v), stride}
	}
	gray := &image.Gray{Pix: planes[0].pix, Stride: planes[0].stride}
	ycc := &image.YCbCr{Y: planes[0].pix, Cb: planes[1].pix, Cr: planes[2].pix,
		YStride: planes[0].stride, CStride: planes[1].stride, SubsampleRatio: frame.Ratio}

	d.bits = bits{}
	mcu, expectedRST := 0, uint8(rst0Marker)
	var (
		// b is the decoded coefficients, in natural (not zig-zag) order.
		b  block
		dc [maxComponents]int32
	)
	for my := 0; my < myy; my++ {
		for mx := 0; mx < mxx; mx++ {
			for i := 0; i < nComp; i++ {
				compIndex := scan[i].compIndex
				hi := d.comp[compIndex].h
				vi := d.comp[compIndex].v
				for j := 0; j < hi*vi; j++ {
					// The blocks are traversed one MCU at a time. For 4:2:0 chroma
					// subsampling, there are four Y 8x8 blocks in every 16x16 MCU,
					// visited as 0 1 / 2 3. (bx, by) is the block's place in the
					// band, in units of 8x8 blocks.
					bx, by := hi*mx+j%hi, j/hi
					b = block{}

					// Decode the DC coefficient, as specified in section F.2.2.1.
					value, err := d.decodeHuffman(&d.huff[dcTable][scan[i].td])
					if err != nil {
						return err
					}
					if value > 16 {
						return FormatError("excessive DC component") // image/jpeg says unsupported; no 8-bit JPEG has it
					}
					dcDelta, err := d.receiveExtend(value)
					if err != nil {
						return err
					}
					dc[compIndex] += dcDelta
					b[0] = dc[compIndex]

					if d.eobRun > 0 {
						d.eobRun--
					} else if err := d.decodeAC(&b, &d.huff[acTable][scan[i].ta]); err != nil {
						return err
					}
					reconstructBlock(&b, &d.quant[d.comp[compIndex].tq], planes[compIndex], bx, by)
				} // for j
			} // for i
			mcu++
			if d.ri > 0 && mcu%d.ri == 0 && mcu < mxx*myy {
				// For well-formed input, the RST[0-7] restart marker follows
				// immediately. For corrupt input, call findRST to try to
				// resynchronize.
				if err := d.readFull(d.tmp[:2]); err != nil {
					return err
				} else if d.tmp[0] != 0xff || d.tmp[1] != expectedRST {
					if err := d.findRST(expectedRST); err != nil {
						return err
					}
				}
				expectedRST++
				if expectedRST == rst7Marker+1 {
					expectedRST = rst0Marker
				}
				// Reset the Huffman decoder.
				d.bits = bits{}
				// Reset the DC components, as per section F.2.1.3.1.
				dc = [maxComponents]int32{}
				d.eobRun = 0
			}
		} // for mx

		y0 := 8 * v0 * my
		r := image.Rect(0, y0, d.width, min(y0+8*v0, d.height))
		var err error
		if frame.Gray {
			gray.Rect = r
			err = d.band(gray)
		} else {
			ycc.Rect = r
			err = d.band(ycc)
		}
		if err != nil {
			return err
		}
	} // for my
	return nil
}

// decodeAC decodes a block's AC coefficients, as specified in section F.2.2.2. An
// end-of-band run longer than the block (a progressive JPEG's code, which image/jpeg
// also accepts here) leaves the next blocks' AC coefficients at zero.
func (d *decoder) decodeAC(b *block, huff *huffman) error {
	for zig := int32(1); zig < blockSize; zig++ {
		value, err := d.decodeHuffman(huff)
		if err != nil {
			return err
		}
		val0 := value >> 4
		val1 := value & 0x0f
		if val1 != 0 {
			zig += int32(val0)
			if zig >= blockSize {
				break
			}
			ac, err := d.receiveExtend(val1)
			if err != nil {
				return err
			}
			b[unzig[zig]] = ac
		} else {
			if val0 != 0x0f {
				d.eobRun = uint16(1 << val0)
				if val0 != 0 {
					bits, err := d.decodeBits(int32(val0))
					if err != nil {
						return err
					}
					d.eobRun |= uint16(bits)
				}
				d.eobRun--
				break
			}
			zig += 0x0f
		}
	}
	return nil
}

// ratio names the subsampling of a Y component sampled (h, v) times as often as the
// chroma ones; processSOF allows no other.
func ratio(h, v int) image.YCbCrSubsampleRatio {
	switch h<<4 | v {
	case 0x12:
		return image.YCbCrSubsampleRatio440
	case 0x21:
		return image.YCbCrSubsampleRatio422
	case 0x22:
		return image.YCbCrSubsampleRatio420
	case 0x41:
		return image.YCbCrSubsampleRatio411
	case 0x42:
		return image.YCbCrSubsampleRatio410
	}
	return image.YCbCrSubsampleRatio444
}

// reconstructBlock dequantizes, performs the inverse DCT and stores the block at
// (bx, by) of the band's plane p.
func reconstructBlock(b *block, qt *block, p plane, bx, by int) {
	for zig := 0; zig < blockSize; zig++ {
		b[unzig[zig]] *= qt[zig]
	}
	idct(b)
	dst, stride := p.pix[8*(by*p.stride+bx):], p.stride
	// Level shift by +128, clip to [0, 255], and write to dst.
	for y := 0; y < 8; y++ {
		y8 := y * 8
		yStride := y * stride
		for x := 0; x < 8; x++ {
			c := b[y8+x]
			if c < -128 {
				c = 0
			} else if c > 127 {
				c = 255
			} else {
				c += 128
			}
			dst[yStride+x] = uint8(c)
		}
	}
}

// findRST advances past the next RST restart marker that matches expectedRST.
// Other than I/O errors, it is also an error if we encounter an {0xFF, M}
// two-byte marker sequence where M is not 0x00, 0xFF or the expectedRST.
//
// This is similar to libjpeg's jdmarker.c's next_marker function.
// https://github.com/libjpeg-turbo/libjpeg-turbo/blob/2dfe6c0fe9e18671105e94f7cbf044d4a1d157e6/jdmarker.c#L892-L935
//
// Precondition: d.tmp[:2] holds the next two bytes of JPEG-encoded input
// (input in the d.readFull sense).
func (d *decoder) findRST(expectedRST uint8) error {
	for {
		// i is the index such that, at the bottom of the loop, we read 2-i
		// bytes into d.tmp[i:2], maintaining the invariant that d.tmp[:2]
		// holds the next two bytes of JPEG-encoded input. It is either 0 or 1,
		// so that each iteration advances by 1 or 2 bytes (or returns).
		i := 0

		if d.tmp[0] == 0xff {
			if d.tmp[1] == expectedRST {
				return nil
			} else if d.tmp[1] == 0xff {
				i = 1
			} else if d.tmp[1] != 0x00 {
				// Any marker that's not 0x00, 0xff or expectedRST is a fatal
				// FormatError, as in image/jpeg.
				return FormatError("bad RST marker")
			}

		} else if d.tmp[1] == 0xff {
			d.tmp[0] = 0xff
			i = 1
		}

		if err := d.readFull(d.tmp[i:2]); err != nil {
			return err
		}
	}
}
