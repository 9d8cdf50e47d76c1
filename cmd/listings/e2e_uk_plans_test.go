package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The plans of the first hour in Ukrainian: an import whose sheet has bad rows (its
// every refused row, the cells read otherwise, the cost), its run in the jobs panel,
// the history and the undo's plan of that import, and a price change of a few
// listings. Each is paged through whole.

// sheetWords are the Latin words of badSheet that a plan shows as they are: the
// sheet's column names, which a plan quotes before a row's problem ("price: …"),
// its listings' words (Moto, Motorola, Edge), its file's name, and the commands a
// problem names when listings and its command fall on two lines.
var sheetWords = map[string]bool{"title": true, "description": true, "price": true, "currency": true, "condition": true,
	"category": true, "city": true, "attr": true, "memory": true, "brand": true, "model": true, "contact": true, "phone": true,
	"moto": true, "motorola": true, "edge": true, "bad": true, "categories": true, "cities": true}

// badSheet writes a sheet whose first row and last row are good (the last with a
// phone a spreadsheet stripped of its +, read otherwise) and every other is refused
// for another reason, its cells in Ukrainian.
func badSheet(t *testing.T) string {
	t.Helper()
	const phones = "Електроніка > Телефони та аксесуари > Мобільні телефони"
	row := func(title, price, currency, condition, category, city, memory, phone string) string {
		return strings.Join([]string{title, `"Смартфон у гарному стані, з коробкою й зарядкою."`, price, currency, condition,
			category, city, "Motorola", "Edge", memory, phone}, ",") + "\n"
	}
	text := "title,description,price,currency,condition,category,city,attr.brand,attr.model,attr.memory,contact_phone\n" +
		row("Телефон Moto U1", "3100", "UAH", "used", phones, "Одеса", "128 ГБ", "") +
		row("Телефон Moto U1", "3100", "UAH", "used", phones, "Одеса", "128 ГБ", "") +
		row("Телефон Moto U3", "дешево", "UAH", "used", phones, "Одеса", "128 ГБ", "") +
		row("Телефон Moto U4", "3100", "тугрики", "зношене", phones, "Одеса", "128 ГБ", "") +
		row("Телефон Moto U5", "3100", "UAH", "used", "Неіснуюча > Категорія", "Одеса", "128 ГБ", "") +
		row("Телефон Moto U6", "3100", "UAH", "used", "Електроніка", "Неіснуюче Місто", "128 ГБ", "") +
		row("Телефон Moto U7", "3100", "UAH", "used", phones, "Одеса", "багато", "") +
		row("Телефон Moto U8", "3300", "UAH", "used", phones, "Одеса", "128 ГБ", "380671234567")
	p := filepath.Join(t.TempDir(), "bad.csv")
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// pages checks the screen and every page below it (PgDn) for English: a plan in a
// box scrolls, and what is below its first page is as much the plan.
func (s *tuiSession) pages(where string, content map[string]bool) {
	s.t.Helper()
	scr := s.screen()
	for range 12 {
		s.noEnglish(where, scr, content)
		s.send("NPage")
		time.Sleep(300 * time.Millisecond) // a page's redraw; an unchanged screen is the end
		next := s.screen()
		if next == scr {
			return
		}
		scr = next
	}
}

// withSheet is content and the sheet's words.
func withSheet(content map[string]bool) map[string]bool {
	out := map[string]bool{}
	for w := range content {
		out[w] = true
	}
	for w := range sheetWords {
		out[w] = true
	}
	return out
}

// firstHourPlans walks the plans from the browser and comes back to it.
func (s *tuiSession) firstHourPlans(content map[string]bool) {
	s.t.Helper()
	content = withSheet(content)
	sheet := badSheet(s.t)
	s.send("I")
	s.waitFor("таблиця:")
	s.typeText(sheet)
	s.waitFor("bad.csv")
	s.send("Enter")
	s.waitFor("Імпортувати bad.csv?", "Відхилено: 6 рядків")
	s.settle("")
	s.pages("the import plan with refused rows", content)

	// y sends the good rows; the panel shows the job, then its history and the
	// plan of its undo.
	s.send("y")
	s.waitFor("готово 2", "лишилося 0")
	scr := s.settle("")
	s.noEnglish("the import's job in the panel", scr, content)
	s.send("h")
	scr = s.waitFor("Завдання · історія")
	s.noEnglish("the jobs' history", scr, content)
	s.send("u")
	s.waitFor("Скасування завдання", "неактивне")
	s.settle("")
	s.pages("the undo's plan", content)
	s.send("n")
	s.waitFor("Завдання · історія")
	s.send("Escape")
	time.Sleep(300 * time.Millisecond)
	if !strings.Contains(s.screen(), "[активні") {
		s.send("Escape") // the history closes to the panel, the panel to the list
	}
	s.waitFor("[активні")

	// A price change of every listing shown: the plan whole, its reasons to skip too.
	s.send("*", "$")
	s.waitFor("Змінити ціну")
	s.typeText("-10%")
	s.send("Enter")
	s.waitFor("зміниться")
	s.settle("")
	s.pages("the price plan", content)
	s.send("n")
	time.Sleep(300 * time.Millisecond)
	s.send("Escape")
	s.waitFor("[активні")
}
