package sheet

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

// exportHeader is the header of `listings export --detail` with two attributes.
const exportHeader = "id,status,title,description,price,price_type,currency,condition,category_id,category_path,city,city_ref," +
	"contact_name,contact_phone,hide_phone,photos,photos_3d,video,attr.brand,attr.year,url,views,vip,top,created_at"

// exportRows are rows such an export holds: Ukrainian, English, signs, a Latin name.
var exportRows = []string{
	`7,active,Оренда 2-кімнатної квартири,"Світла квартира біля парку; є Wi-Fi, пральна машина. Ціна — за місяць «під ключ»",12500,rent,UAH,used,1203,Нерухомість > Оренда квартир,Львів,ref-1,Олег,'+380501234567,false,https://m/1.webp;https://m/2.webp,,,,,https://market/l/7,42,false,true,2026-11-20 10:00:00`,
	`8,sold,iPhone 13 128 GB,"Battery 89%, no scratches. Їжачок і ґудзик — для тесту літер.",21999.5,sell,UAH,used,44,Електроніка > Телефони,Київ,ref-2,Anna-Maria Ðóra,'+380671112233,true,,,,apple,2021,https://market/l/8,3,false,false,2026-11-21 11:30:00`,
	`9,active,Сі-бемоль: ноти для фортепіано,Збірка п’єс. № 5,150,sell,UAH,new,12,Хобі > Музика,Одеса,ref-3,Сі,'+380931234567,false,,,,,,https://market/l/9,0,false,false,2026-11-22 09:15:00`,
}

// mangled is UTF-8 text decoded as Latin-1 (Windows-1252, Latin-1 where it has a
// hole), or as Windows-1251: what a tool that guessed wrong saves.
func mangled(s string, latin bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c < 0x80:
			b.WriteByte(c)
		case latin:
			r := charmap.Windows1252.DecodeByte(c)
			if r == '\ufffd' {
				r = rune(c)
			}
			b.WriteRune(r)
		default:
			b.WriteRune(charmap.Windows1251.DecodeByte(c))
		}
	}
	return b.String()
}

func TestReadCSVWindows1251(t *testing.T) {
	utf := "title;price;city\r\nВелосипед «Дніпро» — їжак, ґанок, є;1200;Біла Церква\r\nСтіл № 5;300;Львів\r\n"
	cp, err := charmap.Windows1251.NewEncoder().String(utf)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := ReadFrom(strings.NewReader(cp), CSV)
	if err != nil {
		t.Fatal(err)
	}
	if got := tab.Rows[0].Cells["title"]; got != "Велосипед «Дніпро» — їжак, ґанок, є" || tab.Rows[1].Cells["city"] != "Львів" {
		t.Errorf("read %+v", tab.Rows)
	}
	if len(tab.Notes) != 1 || !strings.HasPrefix(tab.Notes[0], "read as Windows-1251: the file is not UTF-8") {
		t.Errorf("notes %q", tab.Notes)
	}
	// Windows-1251 is a guess kept for Cyrillic: Western text in Latin-1 is refused.
	for _, latin := range []string{"title\nCaf\xe9 cr\xe8me\n", "title\nGr\xf6\xdfe 42\n", "title\n\x98\xcf\xf0\xe8\n"} {
		if _, err := ReadFrom(strings.NewReader(latin), CSV); err == nil || !strings.Contains(err.Error(), "save it as CSV UTF-8") {
			t.Errorf("%q: %v", latin, err)
		}
	}
	// Plain UTF-8 says nothing.
	if tab, err := ReadFrom(strings.NewReader(utf), CSV); err != nil || len(tab.Notes) != 0 {
		t.Errorf("UTF-8: %v %q", err, tab.Notes)
	}
}

func TestReadRefusesMojibake(t *testing.T) {
	sheet := exportHeader + "\r\n" + strings.Join(exportRows, "\r\n") + "\r\n"
	for _, c := range []struct {
		name, text string
		f          Format
		want       []string
	}{
		{"soffice CSV to XLSX, Latin-1", "\ufeff" + sheet, XLSX, []string{`the header "ï»¿id"`, `"ÐžÑ€ÐµÐ½Ð´Ð° 2-ÐºÑ–Ð¼Ð½Ð…" (row 2, column title, meant "Оренда 2-кімнатної кварт…")`, "read as Latin-1", "Character set: Unicode (UTF-8)", `--infilter="CSV:44,34,76"`}},
		{"CSV, Latin-1", "\ufeff" + sheet, CSV, []string{`the header "ï»¿id"`, "UTF-8 read as Latin-1", "File origin 65001"}},
		{"CSV, Windows-1251", sheet, CSV, []string{`cells such as "РћСЂРµРЅРґР° 2-РєС–РјРЅР…" (row 2, column title`, "UTF-8 read as Windows-1251", "Text Import"}},
		{"JSON Lines, Windows-1251", "", JSONL, []string{"UTF-8 read as Windows-1251", "Write it again from the original"}},
	} {
		var data []byte
		latin := strings.Contains(c.name, "Latin-1")
		switch c.f {
		case CSV:
			data = []byte(mangled(c.text, latin))
		case XLSX:
			data = csvAsXLSX(t, mangled(c.text, latin))
		case JSONL:
			for _, title := range []string{"Оренда квартири", "Продаж велосипеда", "Стіл дубовий"} {
				data = fmt.Appendf(data, `{"title": %q, "city": %q}`+"\n", mangled(title, false), mangled("Київ", false))
			}
		}
		_, err := ReadFrom(bytes.NewReader(data), c.f)
		if err == nil {
			t.Errorf("%s: read", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %v\nwant %q", c.name, err, w)
			}
		}
	}
	// No alarm on the real thing, nor on one odd name among real text.
	odd := exportRows[0] + "\r\n" + strings.Replace(exportRows[1], "Anna-Maria Ðóra", mangled("Олена", true), 1)
	for _, text := range []string{sheet, exportHeader + "\r\n" + odd + "\r\n" + exportRows[2]} {
		if _, err := ReadFrom(strings.NewReader(text), CSV); err != nil {
			t.Errorf("refused: %v", err)
		}
		if _, err := ReadFrom(bytes.NewReader(csvAsXLSX(t, text)), XLSX); err != nil {
			t.Errorf("XLSX refused: %v", err)
		}
	}
}

// csvAsXLSX is a CSV's cells as inline strings of a workbook.
func csvAsXLSX(t *testing.T, text string) []byte {
	t.Helper()
	p := newCSVParser(bufio.NewReader(strings.NewReader(text)), ',', defaultLimits)
	var rows strings.Builder
	for n := 1; ; n++ {
		rec, err := p.next()
		if err != nil {
			break
		}
		fmt.Fprintf(&rows, `<row r="%d">`, n)
		for i, c := range rec {
			var esc bytes.Buffer
			xml.EscapeText(&esc, []byte(c))
			rows.WriteString(inline(fmt.Sprintf("%s%d", columnLetters(i), n), esc.String()))
		}
		rows.WriteString(`</row>`)
	}
	return testBook{rows: rows.String()}.zip(t)
}

func TestReadRefusesExportWithoutIDs(t *testing.T) {
	noID := strings.Replace(exportHeader, "id,", "", 1) + "\n"
	for _, r := range exportRows {
		_, r, _ = strings.Cut(r, ",")
		noID += r + "\n"
	}
	_, err := ReadFrom(strings.NewReader(noID), CSV)
	if err == nil || !strings.Contains(err.Error(), "status, url, views, vip, top, created_at") || !strings.Contains(err.Error(), "listings import --new") {
		t.Errorf("an export without ids: %v", err)
	}
	if tab, err := (Options{New: true}).Decode(strings.NewReader(noID), CSV); err != nil || len(tab.Rows) != 3 {
		t.Errorf("with --new: %v", err)
	}
	// An import's report adds status and url: no export for that.
	report := "title,price,result,listing_id,status,url,error_column,error\nСтіл,300,created,9,pending,https://market/l/9,,\n"
	if _, err := ReadFrom(strings.NewReader(report), CSV); err != nil {
		t.Errorf("a report: %v", err)
	}
}
