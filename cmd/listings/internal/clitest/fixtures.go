package clitest

import (
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Fixtures of the seed (assets/seed): a leaf that is approved at once and has no
// required attribute, a leaf that goes through moderation, and Kyiv.
const (
	CatBooks       = 1004
	CatPetSupplies = 705 // moderated; requires item_type
	KyivRef        = "8d5a980d-391c-11dd-90d9-001a92567626"
)

// Created is the answer of create --json.
type Created struct {
	ListingID int    `json:"listing_id"`
	Slug      string `json:"slug"`
	Status    string `json:"status"`
	URL       string `json:"url"`
}

// BookJSON is a create body approved at once.
func BookJSON(title string) string {
	b, _ := json.Marshal(map[string]any{
		"title": title, "description": "Hardcover, good condition, no missing pages at all.",
		"price": 450, "currency": "UAH", "category_id": CatBooks, "city_ref": KyivRef,
	})
	return string(b)
}

// PetJSON is a create body that goes to moderation.
func PetJSON(title string) string {
	b, _ := json.Marshal(map[string]any{
		"title": title, "description": "A sealed bag of dry food, 10 kg, best before next year.",
		"price": 900, "category_id": CatPetSupplies, "city_ref": KyivRef,
		"attributes": map[string]any{"item_type": "food"},
	})
	return string(b)
}

// Itoa is an id as an argument.
func Itoa(n int) string { return strconv.Itoa(n) }

// WritePNG writes a w×h PNG named name into dir and returns its path.
func WritePNG(t *testing.T, dir, name string, w, h int) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 128, 255})
		}
	}
	path := filepath.Join(dir, name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	return path
}

// RepoFile is the path of a file of the repository (api/testdata/clip5s.mp4), from
// whichever package the test runs in.
func RepoFile(t testing.TB, rel string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, filepath.FromSlash(rel))
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatalf("no go.mod above the test's directory to find %s in", rel)
		}
		dir = up
	}
}

// ContainsLine reports whether a line of out holds every cell as a whole column.
func ContainsLine(out string, cells ...string) bool {
	for _, line := range strings.Split(out, "\n") {
		ok := true
		for _, c := range cells {
			if !strings.Contains("  "+line+"  ", "  "+c+"  ") && !strings.HasPrefix(line, c+"  ") && !strings.HasSuffix(line, "  "+c) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}
